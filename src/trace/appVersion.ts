import { version } from '../../package.json';

/** The app's version, as package.json has it; traces record which version made them. */
export const APP_VERSION: string = version;
