export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Runs each job on its interval, never two runs of one job at once. Jobs that must run once across
 * several instances take a lease row themselves; this scheduler only keeps time.
 */
export function startJobs(jobs: Job[], log: JobLog): { stop(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    return setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job
        .run()
        .then((result) => log.info({ job: job.name, result }, 'job finished'))
        .catch((error: unknown) => log.error({ job: job.name, err: error }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
  });
  return {
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
