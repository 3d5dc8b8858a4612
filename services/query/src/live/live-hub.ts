import type { Principal } from '@oj/platform';
import type { LiveMessage } from '@oj/contracts';

/** Whatever can take a pushed message: a websocket in production, a plain function in tests. */
export interface LiveClient {
  send(message: LiveMessage): void;
  /** Who listens: the socket's signed-in user, or null (anonymous, or not authenticated yet). */
  principal(): Principal | null;
}

/** Who may hear of one change of one topic: decided once per push, then asked per subscriber. */
export type LiveAudience = (principal: Principal | null) => boolean | Promise<boolean>;

/**
 * The push rule of a topic (F17): a change of `topic` by the projection `projection` goes to the subscribers
 * the audience admits. A topic with no rule is refused at subscription, so a new topic is private until it has one.
 */
export interface LiveGate {
  isKnownTopic(topic: string): boolean;
  audienceOf(projection: string, topic: string): Promise<LiveAudience>;
}

export interface LiveHub {
  /** Subscribes to the known topics among `topics` up to the per-client cap; returns those now subscribed. */
  subscribe(client: LiveClient, topics: readonly string[]): string[];
  unsubscribe(client: LiveClient, topics: readonly string[]): void;
  /** Drops the client from every topic (socket closed). */
  remove(client: LiveClient): void;
  /** A read model changed: tell each subscriber the topic's audience admits, once. */
  publish(change: {
    readonly projection: string;
    readonly topics: readonly string[];
    readonly position: string;
  }): Promise<void>;
  subscriberCount(topic: string): number;
}

export interface LiveHubOptions {
  readonly gate: LiveGate;
  /** Topics one client may hold at once (F17: unbounded subscriptions were a memory lever). */
  readonly maxTopicsPerClient: number;
  /** Told when deciding an audience failed: that change is not pushed (clients keep polling). */
  readonly onError?: (error: unknown) => void;
}

/** Topic → subscribers, held per query process; every process LISTENs, so any process can serve a socket. */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const subscribers = new Map<string, Set<LiveClient>>();
  const topicsOf = new Map<LiveClient, Set<string>>();
  let publishing = Promise.resolve();
  const hub: LiveHub = {
    subscribe(client, topics) {
      const held = topicsOf.get(client) ?? new Set<string>();
      topicsOf.set(client, held);
      for (const topic of topics) {
        if (!options.gate.isKnownTopic(topic)) continue;
        if (!held.has(topic) && held.size >= options.maxTopicsPerClient) break;
        const set = subscribers.get(topic) ?? new Set<LiveClient>();
        set.add(client);
        subscribers.set(topic, set);
        held.add(topic);
      }
      return topics.filter((topic) => held.has(topic));
    },
    unsubscribe(client, topics) {
      for (const topic of topics) {
        subscribers.get(topic)?.delete(client);
        if (subscribers.get(topic)?.size === 0) subscribers.delete(topic);
        topicsOf.get(client)?.delete(topic);
      }
    },
    remove(client) {
      hub.unsubscribe(client, [...(topicsOf.get(client) ?? [])]);
      topicsOf.delete(client);
    },
    publish(change) {
      // One change at a time, in the order they came: a client hears of changes in position order.
      publishing = publishing.then(() => deliver(change));
      return publishing;
    },
    subscriberCount: (topic) => subscribers.get(topic)?.size ?? 0,
  };
  async function deliver({ projection, topics, position }: Parameters<LiveHub['publish']>[0]) {
    for (const topic of new Set(topics)) {
      const listening = [...(subscribers.get(topic) ?? [])];
      if (listening.length === 0) continue;
      try {
        const audience = await options.gate.audienceOf(projection, topic);
        for (const client of listening) {
          if (await audience(client.principal())) client.send({ type: 'changed', topic, position });
        }
      } catch (error) {
        options.onError?.(error);
      }
    }
  }
  return hub;
}
