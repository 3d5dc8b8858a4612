import { liveMessageSchema, type LiveRequest } from '@oj/contracts';
import { env } from '@/config/env';
import { session } from '@/stores/session';

type Listener = (payload: unknown) => void;

/**
 * The one websocket to /api/ws shared by every page (DESIGN, live pushes). A page subscribes to topics such as
 * `submission:42`; any message naming a topic (field `topic` or `topics`) wakes that topic's listeners, and a
 * message naming none wakes them all, so a page re-reads what it shows. Polling stays the source of truth: a
 * socket that never opens only means the page learns of changes at the next poll.
 */
const listeners = new Map<string, Set<Listener>>();
let socket: WebSocket | null = null;
let retryDelayMs = 1000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const socketUrl = (): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${env.apiBase}/ws`;
};

const send = (message: LiveRequest): void => {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * Pushes follow who listens (a contest row's changes reach its submitter, a live board those who may see it), so
 * the socket presents the same token as the HTTP calls, before subscribing and whenever it changed.
 */
let presentedToken: string | null = null;
const presentToken = (): void => {
  const token = session.token ?? null;
  if (!token || token === presentedToken || socket?.readyState !== WebSocket.OPEN) return;
  send({ type: 'authenticate', token });
  presentedToken = token;
};

const deliver = (raw: unknown): void => {
  let payload: unknown = raw;
  try {
    payload = JSON.parse(String(raw));
  } catch {
    // A non-JSON frame still means "something changed".
  }
  const message = liveMessageSchema.safeParse(payload);
  // The acknowledgement of a subscription is not a change.
  if (message.success && message.data.type === 'subscribed') return;
  // A frame of a shape this client does not know (a newer server) wakes every listener: pages re-read.
  const topics = message.success && message.data.type === 'changed' ? [message.data.topic] : [...listeners.keys()];
  for (const topic of topics) for (const listener of listeners.get(topic) ?? []) listener(payload);
};

const connect = (): void => {
  if (socket || listeners.size === 0) return;
  const current = new WebSocket(socketUrl());
  socket = current;
  current.onopen = () => {
    retryDelayMs = 1000;
    presentedToken = null;
    presentToken();
    send({ type: 'subscribe', topics: [...listeners.keys()] });
  };
  current.onmessage = (event) => deliver(event.data);
  current.onclose = () => {
    socket = null;
    if (listeners.size === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, retryDelayMs);
    retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
  };
};

/** Listen to one topic; returns the unsubscribe function. */
export const subscribeTopic = (topic: string, listener: Listener): (() => void) => {
  const set = listeners.get(topic) ?? new Set<Listener>();
  const isNewTopic = set.size === 0;
  set.add(listener);
  listeners.set(topic, set);
  if (isNewTopic) {
    presentToken();
    send({ type: 'subscribe', topics: [topic] });
  }
  connect();
  return () => {
    set.delete(listener);
    if (set.size > 0) return;
    listeners.delete(topic);
    send({ type: 'unsubscribe', topics: [topic] });
    if (listeners.size === 0) socket?.close();
  };
};
