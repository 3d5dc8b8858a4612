import type { LiveMessage } from '../submissions/submissions.contract';

/** Whatever can take a pushed message: a websocket in production, a plain function in tests. */
export interface LiveClient {
  send(message: LiveMessage): void;
}

export interface LiveHub {
  subscribe(client: LiveClient, topics: readonly string[]): void;
  unsubscribe(client: LiveClient, topics: readonly string[]): void;
  /** Drops the client from every topic (socket closed). */
  remove(client: LiveClient): void;
  /** A read model changed: tell each subscriber of each topic once. */
  publish(topics: readonly string[], position: string): void;
  subscriberCount(topic: string): number;
}

/** Topic → subscribers, held per query process; every process LISTENs, so any process can serve a socket. */
export function createLiveHub(): LiveHub {
  const subscribers = new Map<string, Set<LiveClient>>();
  const topicsOf = new Map<LiveClient, Set<string>>();
  return {
    subscribe(client, topics) {
      for (const topic of topics) {
        const set = subscribers.get(topic) ?? new Set<LiveClient>();
        set.add(client);
        subscribers.set(topic, set);
        topicsOf.set(client, (topicsOf.get(client) ?? new Set<string>()).add(topic));
      }
    },
    unsubscribe(client, topics) {
      for (const topic of topics) {
        subscribers.get(topic)?.delete(client);
        if (subscribers.get(topic)?.size === 0) subscribers.delete(topic);
        topicsOf.get(client)?.delete(topic);
      }
    },
    remove(client) {
      this.unsubscribe(client, [...(topicsOf.get(client) ?? [])]);
      topicsOf.delete(client);
    },
    publish(topics, position) {
      for (const topic of new Set(topics)) {
        for (const client of subscribers.get(topic) ?? []) client.send({ type: 'changed', topic, position });
      }
    },
    subscriberCount: (topic) => subscribers.get(topic)?.size ?? 0,
  };
}
