import type { FakeControl } from '../types';

/**
 * Records a test changed or deleted at a fake provider (`FakeControl.revise` / `deleteRecord`), laid
 * over the year the fake generates: the provider answers a revised record with its new fields and a
 * deleted one no more, as the real ones do once a night is re-scored or a weigh-in removed.
 */
export class FakeRevisions {
  private readonly fields = new Map<string, Record<string, unknown>>();
  private readonly gone = new Set<string>();
  /** Counts every change, for fakes that cache what they generate. */
  version = 0;

  /** `stamp`: fields every revision also sets, as the provider does (Withings' `modified`). */
  constructor(private readonly stamp: () => Record<string, unknown> = () => ({})) {}

  /** Fills the control's `revise` and `deleteRecord`. */
  expose(control: FakeControl | undefined): void {
    if (!control) return;
    control.revise = (id, fields) => this.revise(id, fields);
    control.deleteRecord = (id) => this.delete(id);
  }

  revise(id: string, fields: Record<string, unknown>): void {
    this.fields.set(id, { ...this.fields.get(id), ...this.stamp(), ...fields });
    this.version++;
  }

  delete(id: string): void {
    this.gone.add(id);
    this.version++;
  }

  isDeleted(id: string): boolean {
    return this.gone.has(id);
  }

  /** The fields a test changed on a record, if any. */
  changesOf(id: string): Record<string, unknown> | undefined {
    return this.fields.get(id);
  }

  /** A record as the provider answers it now: with its revised fields, or undefined once deleted. */
  apply<T extends object>(id: string, record: T): T | undefined {
    if (this.gone.has(id)) return undefined;
    const changed = this.fields.get(id);
    return changed ? { ...record, ...changed } : record;
  }
}
