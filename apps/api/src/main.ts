import { configFromEnv, ConfigError } from './config.js';
import { startApp } from './server.js';

try {
  const config = configFromEnv();
  const running = await startApp(config);
  console.log(`FamilyOS is listening on http://localhost:${new URL(running.url).port} (data in ${config.storage.dataDir})`);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
