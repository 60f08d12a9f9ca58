// The insights module's door: the service that runs the engine and keeps its findings, and who is mailed
// about them (for the insight jobs and clinician reports).
export type { InsightsService } from './insights.service';
export type { RecipientsRepository } from './recipients.repository';
