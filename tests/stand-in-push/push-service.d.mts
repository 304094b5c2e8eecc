import type { PushMessage } from '@familyos/contracts';

export interface StandInDevice {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  device: string;
  message: PushMessage;
  /** The k= of the VAPID header: the server's public key. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
}

export interface StandInPush {
  origin: string;
  device(name?: string): StandInDevice;
  receivedBy(name: string): ReceivedPush[];
  received: ReceivedPush[];
  refused: Array<{ device: string; status: number; problems?: string[] }>;
  dropDevice(name: string): void;
  close(): Promise<void>;
}

export function startStandInPush(): Promise<StandInPush>;
