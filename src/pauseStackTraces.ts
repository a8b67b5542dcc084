// The app chunk's first module: see stackTraces.ts.
import { pauseStackTraces } from './stackTraces';

pauseStackTraces();
