/** Table of contents of the product API (spec §7): one module per domain. */
import type { ApiModule } from './module';
import me from './me/routes';

export const apiModules: ApiModule[] = [me];
