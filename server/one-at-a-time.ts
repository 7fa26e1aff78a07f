// A queue of asynchronous tasks that runs them one at a time, in arrival order.

/** A function that runs each task it is given after the ones given before it have settled; a failure stays its own. */
export const oneAtATime = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
};
