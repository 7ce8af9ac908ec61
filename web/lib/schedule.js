// Work that builds the page while it loads (a panel's form and first result, a table, a chart)
// runs one job per task, each after the previous job's frame has been painted: the first result
// paints before the next panel is built, and no task grows with the number of panels.

// The frame after a job, then a task. rAF does not fire in a hidden page or iframe, so a timer
// stands in for it there.
function afterPaint() {
  return new Promise((resolve) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      setTimeout(resolve);
    };
    requestAnimationFrame(run);
    setTimeout(run, 100);
  });
}

let queue = Promise.resolve();
let first = true;
let waiting = 0;

/** Runs `job` in its own task once every job queued before it has run and been painted. */
export function inTurn(job) {
  const wait = first ? Promise.resolve() : queue.then(afterPaint);
  first = false;
  waiting += 1;
  const run = wait.then(job).finally(() => {
    waiting -= 1;
  });
  queue = run.catch(() => {});
  return run;
}

/** Whether jobs are still queued: the page is still being built. */
export function building() {
  return waiting > 0;
}
