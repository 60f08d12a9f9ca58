/**
 * What an XML file may hold before it is refused as damaged or hostile (issue #24): no export nests
 * anywhere near 32 elements deep or carries a text or attribute of a MiB. Neither XML reader expands
 * entities (saxes knows only the five XML ones; the Apple Health scanner passes the DOCTYPE over unread).
 */
export const MAX_XML_DEPTH = 32;
export const MAX_XML_TEXT = 1024 * 1024;

export const tooDeepMessage = `Elements nest deeper than ${MAX_XML_DEPTH} levels`;
export const tooLongMessage = (what: 'A text' | 'An attribute' | 'A text or attribute') =>
  `${what} is larger than 1 MiB`;
