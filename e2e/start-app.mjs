// Starts the app exactly as a user does (`npm start` in the repo root) on a fresh data folder,
// which is removed again when the tests end. Playwright's webServer runs this script.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const e2eDir = import.meta.dirname;
const repoRoot = path.resolve(e2eDir, '..');
const dataDirFile = path.join(e2eDir, '.data-dir');

if (!process.env.JWT_SECRET) {
  console.error('start-app: JWT_SECRET must be set (playwright.config.ts passes the test secret)');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'household-e2e-'));
fs.writeFileSync(dataDirFile, dataDir);

const child = spawn('npm', ['start'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: '1000',
    // Load shedding stays on as a user has it: the browsers share the machine's cores with the
    // server here, and the suite must not be refused while it uses no more than that.
  },
});

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (fs.existsSync(dataDirFile) && fs.readFileSync(dataDirFile, 'utf8') === dataDir) {
    fs.rmSync(dataDirFile);
  }
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
