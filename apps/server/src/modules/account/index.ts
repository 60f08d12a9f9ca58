// The account module's door: the account service (profile, settings, deletion) and the settings' parser.
export { parseSettings, type AccountService } from './account.service';
