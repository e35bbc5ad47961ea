import type { LogLevel } from '../config';

export type Logger = {
  debug: (message: string, extra?: unknown) => void;
  info: (message: string, extra?: unknown) => void;
  warn: (message: string, extra?: unknown) => void;
  error: (message: string, extra?: unknown) => void;
};

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One line per event on stdout/stderr; the process manager or container collects them. */
export function createLogger(level: LogLevel): Logger {
  const enabled = (l: Exclude<LogLevel, 'silent'>) => ORDER[l] >= ORDER[level];
  const write = (l: Exclude<LogLevel, 'silent'>, message: string, extra?: unknown) => {
    if (!enabled(l)) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase()} ${message}`;
    const out = l === 'error' || l === 'warn' ? console.error : console.log;
    if (extra === undefined) out(line);
    else out(line, extra);
  };
  return {
    debug: (m, e) => write('debug', m, e),
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
