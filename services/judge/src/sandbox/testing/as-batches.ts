import type { Sandbox } from '../sandbox';

/** The sandbox with every `run` sent as a batch of one: a suite run again on the batch path. */
export function asBatches(inner: Sandbox): Sandbox {
  return {
    ...inner,
    run: async (request) => {
      const [result] = await inner.runBatch([request]);
      if (!result) throw new Error('runBatch returned no result');
      return result;
    },
  };
}
