/** Hands the main thread back (a task later: input, a frame, React's render come first), so that the screen answers while long work goes on. */
export const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
