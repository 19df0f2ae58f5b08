import { Duplex } from 'node:stream';

/**
 * Two connected in-memory streams: what is written to one is read from the other, an end is an
 * end, and destroying one closes both, as a socket's two ends would. (node:stream's duplexPair
 * comes with Node 22.6; the daemon runs on 20.)
 */
export function duplexPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
      destroy(err, done) {
        const peer = other();
        if (!peer.destroyed) peer.destroy();
        done(err);
      },
    });
  ends.push(
    end(() => ends[1]!),
    end(() => ends[0]!),
  );
  return [ends[0]!, ends[1]!];
}
