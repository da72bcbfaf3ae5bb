// A minimal WebSocket server side (RFC 6455: handshake, text frames, close, ping) on
// Node's http server, so the fake server needs no package beyond the test tools.
import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export function acceptWebSocket(req, socket, onOpen) {
  const key = req.headers['sec-websocket-key'];
  if (!key) return socket.destroy();
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  const ws = {
    onmessage: () => {},
    onclose: () => {},
    open: true,
    send(text) {
      if (!this.open) return;
      socket.write(frame(0x1, Buffer.from(text)));
    },
    close(code = 1000) {
      if (!this.open) return;
      const b = Buffer.alloc(2);
      b.writeUInt16BE(code);
      socket.write(frame(0x8, b));
      socket.end();
      finish();
    },
  };
  let buf = Buffer.alloc(0);
  const finish = () => {
    if (!ws.open) return;
    ws.open = false;
    ws.onclose();
  };
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length < 2) return;
      const op = buf[0] & 0x0f;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) { if (buf.length < 4) return; len = buf.readUInt16BE(2); off = 4; }
      else if (len === 127) { if (buf.length < 10) return; len = Number(buf.readBigUInt64BE(2)); off = 10; }
      const masked = (buf[1] & 0x80) !== 0;
      const need = off + (masked ? 4 : 0) + len;
      if (buf.length < need) return;
      const mask = masked ? buf.subarray(off, off + 4) : null;
      const data = Buffer.from(buf.subarray(off + (masked ? 4 : 0), need));
      if (mask) for (let i = 0; i < data.length; i++) data[i] ^= mask[i & 3];
      buf = buf.subarray(need);
      if (op === 0x1) ws.onmessage(data.toString('utf8'));
      else if (op === 0x8) { ws.close(); return; }
      else if (op === 0x9) socket.write(frame(0xa, data));
    }
  });
  socket.on('close', finish);
  socket.on('error', finish);
  onOpen(ws);
}

function frame(op, payload) {
  const len = payload.length;
  const head = len < 126 ? Buffer.from([0x80 | op, len]) : len < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (len >= 126 && len < 65536) { head[0] = 0x80 | op; head[1] = 126; head.writeUInt16BE(len, 2); }
  else if (len >= 65536) { head[0] = 0x80 | op; head[1] = 127; head.writeBigUInt64BE(BigInt(len), 2); }
  return Buffer.concat([head, payload]);
}
