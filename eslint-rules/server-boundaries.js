// Healthfolio's own ESLint rules for the server's boundaries (issue 26), registered in eslint.config.js as
// the `healthfolio` plugin and tested by apps/server/test/boundaries.test.ts.
//
// - `module-doors`: a file reaches another area's files (`modules/<name>/`, `jobs/`) only through the
//   area's door, its index.ts — or through one of the few extra doors the config names, each with its reason.
// - `metrics-tables`: no Kysely call or `sql` template names `samples` or `daily_rollups`: those tables are
//   read and written by modules/metrics alone (the config applies the rule everywhere else).
// - `metrics-read-door`: modules/metrics's index.ts exports no repository, nor everything of a file:
//   other modules read both tables through SamplesQuery (the config applies it to that door alone).
import path from 'node:path';

/** Strips a script extension, so `./time` and `./time.ts` name the same file. */
const bare = (file) => file.replace(/\.(?:ts|tsx|js|mjs)$/, '');

/**
 * The area a path (relative to the server's src, `/`-separated) belongs to: for a pattern `modules/*`, the
 * folder `modules/<name>`; for a plain pattern such as `jobs`, that folder. Null when it is in none.
 */
function areaOf(rel, areas) {
  for (const pattern of areas) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      const [name] = rel.startsWith(`${parent}/`) ? rel.slice(parent.length + 1).split('/') : [];
      if (name) return `${parent}/${bare(name)}`;
    } else if (rel === pattern || rel.startsWith(`${pattern}/`)) {
      return pattern;
    }
  }
  return null;
}

const toPosix = (file) => file.split(path.sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
export const moduleDoors = {
  meta: {
    type: 'problem',
    docs: { description: "Reach another server module's files only through its index.ts" },
    schema: [
      {
        type: 'object',
        properties: {
          srcRoot: { type: 'string' },
          areas: { type: 'array', items: { type: 'string' } },
          extraDoors: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['srcRoot', 'areas'],
        additionalProperties: false,
      },
    ],
    messages: {
      deep: "'{{spec}}' reaches into {{area}}'s files: import from its door, '{{door}}' (its index.ts).",
    },
  },
  create(context) {
    const { srcRoot, areas, extraDoors = {} } = context.options[0];
    const file = context.physicalFilename;
    const fromRel = toPosix(path.relative(srcRoot, file));
    if (fromRel.startsWith('..')) return {};
    const fromArea = areaOf(fromRel, areas);

    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const targetRel = toPosix(path.relative(srcRoot, path.resolve(path.dirname(file), spec)));
      const area = areaOf(targetRel, areas);
      if (!area || area === fromArea) return;
      const inside = bare(targetRel.slice(area.length + 1));
      if (inside === '' || inside === 'index' || bare(targetRel) in extraDoors) return;
      let door = toPosix(path.relative(path.dirname(file), path.join(srcRoot, area)));
      if (!door.startsWith('.')) door = `./${door}`;
      context.report({ node, messageId: 'deep', data: { spec, area, door } });
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // typeof import('…'): the string is `source` in typescript-eslint 8, `argument.literal` before.
      TSImportType: (node) => {
        const literal = node.source ?? node.argument?.literal;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

/** Kysely methods whose first argument names a table (or an array of them, `'samples as s'` included). */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'using',
  'createTable',
  'alterTable',
  'dropTable',
]);

/** The text of a string literal or of a template literal without expressions. */
function stringOf(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const metricsTables = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL on samples and daily_rollups stays in modules/metrics' },
    schema: [
      {
        type: 'object',
        properties: { tables: { type: 'array', items: { type: 'string' } } },
        required: ['tables'],
        additionalProperties: false,
      },
    ],
    messages: {
      table:
        "SQL on '{{table}}' outside modules/metrics: ask the metrics module (its index.ts) for what you need.",
    },
  },
  create(context) {
    const { tables } = context.options[0];
    const named = new Set(tables);
    const inText = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');

    /** `'samples'`, `'samples as s'`, `'public.samples'` → the table named, if it is one of ours. */
    const tableIn = (text) => {
      const name = text.trim().split(/\s+/)[0]?.split('.').pop();
      return name && named.has(name) ? name : null;
    };
    const reportText = (node, text) => {
      const match = text && inText.exec(text);
      if (match) context.report({ node, messageId: 'table', data: { table: match[1].toLowerCase() } });
    };

    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const [first] = node.arguments;
        // sql.table('samples'), sql.raw('… samples …'), sql.ref('samples.value'), sql.id(…)
        if (callee.object.type === 'Identifier' && callee.object.name === 'sql') {
          for (const arg of node.arguments) reportText(arg, stringOf(arg));
          return;
        }
        if (!TABLE_METHODS.has(callee.property.name) || !first) return;
        const candidates = first.type === 'ArrayExpression' ? first.elements : [first];
        for (const candidate of candidates) {
          const text = stringOf(candidate);
          const table = text && tableIn(text);
          if (table) context.report({ node: candidate, messageId: 'table', data: { table } });
        }
      },
      // sql`select … from samples …` and sql<Row>`…`
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        reportText(node, node.quasi.quasis.map((quasi) => quasi.value.cooked).join(' '));
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
export const metricsReadDoor = {
  meta: {
    type: 'problem',
    docs: { description: "modules/metrics's door offers its reads as one query object, never a repository" },
    schema: [
      {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
    ],
    messages: {
      repository:
        "The metrics door exports '{{name}}': other modules read samples and daily rollups through {{query}}; its repositories stay inside modules/metrics.",
      all: "The metrics door exports all of '{{spec}}': name what it offers, so no repository leaves through it.",
    },
  },
  create(context) {
    const { query } = context.options[0];
    const nameOf = (node) => (node?.type === 'Identifier' ? node.name : node?.value);
    const check = (node, ...names) => {
      const name = names.find((n) => typeof n === 'string' && /Repository$/.test(n));
      if (name) context.report({ node, messageId: 'repository', data: { name, query } });
    };
    return {
      ExportNamedDeclaration(node) {
        for (const specifier of node.specifiers) {
          check(specifier, nameOf(specifier.local), nameOf(specifier.exported));
        }
        const declaration = node.declaration;
        if (declaration?.type === 'VariableDeclaration') {
          for (const declarator of declaration.declarations) check(declarator, nameOf(declarator.id));
        } else if (declaration) {
          check(declaration, nameOf(declaration.id));
        }
      },
      ExportAllDeclaration: (node) =>
        context.report({ node, messageId: 'all', data: { spec: node.source.value } }),
    };
  },
};

export default {
  rules: {
    'module-doors': moduleDoors,
    'metrics-tables': metricsTables,
    'metrics-read-door': metricsReadDoor,
  },
};
