// Work that builds the page while it loads (a panel's form and first result, a table, a chart)
// runs as queued jobs, each after the previous job's frame has been painted: the first result
// paints before the next panel is built, and no task grows with the number of panels. A job is a
// list of steps, each in its own task, so a job that computes (the core's first run of a
// calculator compiles its code) and then builds markup is two tasks, not one long one.

// Printing lays the page out as soon as the beforeprint handlers (and the promise callbacks they
// leave) have run, so from then until afterprint the queued work runs at once, in promise
// callbacks, without waiting for tasks or frames: the print holds every result and chart.
import { ElementListeners } from './element-listeners.js';

let printing = false;
const printListeners = new ElementListeners();
const channel = new MessageChannel();
const waitingForTask = [];
const waitingForPaint = new Set();

// A new task, without the clamping of nested timers and without waiting for a frame: a message
// to ourselves. Input that arrived meanwhile is handled before it.
channel.port1.onmessage = () => waitingForTask.shift()?.();
function nextTask() {
  if (printing) return Promise.resolve();
  return new Promise((resolve) => {
    waitingForTask.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves in a task after the next frame has been painted: rAF runs before the frame is painted,
 * the task after. rAF does not fire in a hidden page or iframe, so a timer stands in for it there.
 */
export function afterPaint() {
  if (printing) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      waitingForPaint.delete(run);
      nextTask().then(resolve);
    };
    waitingForPaint.add(run);
    requestAnimationFrame(run);
    setTimeout(run, 100);
  });
}

/** Whether the page is being printed: queued work and draws run at once. */
export function isPrinting() {
  return printing;
}

addEventListener('beforeprint', () => {
  printing = true;
  for (const resolve of waitingForTask.splice(0)) resolve();
  for (const run of [...waitingForPaint]) run();
  printListeners.call();
});
addEventListener('afterprint', () => {
  printing = false;
});

/** Calls `listener` before each print, with queued work running at once, while `owner` exists. */
export function onPrint(owner, listener) {
  printListeners.add(owner, listener);
}

const jobs = []; // { steps, resolve, reject }, in the order they were queued
let running = false;
let ranOne = false;

async function runJobs() {
  while (jobs.length) {
    await (ranOne ? afterPaint() : nextTask());
    ranOne = true;
    const { steps, resolve, reject } = jobs[0];
    try {
      let value;
      for (const [index, step] of steps.entries()) {
        if (index > 0) await nextTask();
        value = await step();
      }
      resolve(value);
    } catch (error) {
      reject(error);
    }
    jobs.shift();
  }
  running = false;
}

/**
 * Runs `steps` (functions) one per task, in order, once every job queued before has run and been
 * painted; resolves with what the last step returns. A step that throws ends its job.
 */
export function inTurn(...steps) {
  return new Promise((resolve, reject) => {
    jobs.push({ steps, resolve, reject });
    if (!running) {
      running = true;
      runJobs();
    }
  });
}

/** Whether jobs are still queued or running: the page is still being built. */
export function building() {
  return jobs.length > 0;
}
