// Run once before the first unit test file (`--test-global-setup`): names Node's compile cache for
// the test files and the commands they start (../support/compile-cache.ts).
import { useCompileCache } from '../support/compile-cache.ts';

export function globalSetup(): void {
  useCompileCache();
}
