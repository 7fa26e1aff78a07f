// The signals a request carries, reduced to what §18 keeps: the device cookie's id and the client's network
// (IPv4 /24, IPv6 /48), each hashed under the integrity key before it reaches a store.
import type { Digest, Random } from '../ports.ts';
import type { ClientSignals, RecordedKind, SignalHash } from './model.ts';

export const DEVICE_COOKIE = 'did';
const DEVICE_ID = /^[0-9a-f]{32}$/;

export const newDeviceId = (random: Random): string => random.tokenHex(16);

/** The cookie's value when it is one we could have set; anything else is replaced with a fresh id. */
export const isDeviceId = (value: string | undefined | null): value is string =>
  typeof value === 'string' && DEVICE_ID.test(value);

const ipv4Network = (address: string): string | null => {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return `${parts.slice(0, 3).map(Number).join('.')}.0/24`;
};

/** The eight 16-bit groups of an IPv6 address, or null. */
const ipv6Groups = (address: string): number[] | null => {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (text: string): number[] | null => {
    if (text === '') return [];
    const groups = text.split(':');
    return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups.map((g) => parseInt(g, 16)) : null;
  };
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
};

/** The network an address belongs to, as §18 groups them: IPv4 /24, IPv6 /48 (IPv4-mapped IPv6 as IPv4). */
export const networkOf = (address: string): string | null => {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped?.[1]) return ipv4Network(mapped[1]);
  if (text.includes('.')) return ipv4Network(text);
  const groups = ipv6Groups(text);
  return groups
    ? `${groups
        .slice(0, 3)
        .map((g) => g.toString(16))
        .join(':')}::/48`
    : null;
};

/** The hashes to record for a request; 128 bits of the HMAC are plenty to tell signals apart. */
export const signalHashes = (digest: Digest, key: string, client: ClientSignals): SignalHash[] => {
  const hashes: SignalHash[] = [];
  const add = (kind: RecordedKind, value: string | null): void => {
    if (value !== null) hashes.push({ kind, hash: digest.hmacSha256Hex(key, `${kind}|${value}`).slice(0, 32) });
  };
  add('device', isDeviceId(client.deviceId) ? client.deviceId : null);
  add('network', client.address === null ? null : networkOf(client.address));
  return hashes;
};
