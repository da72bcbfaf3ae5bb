// Move, clock and game-end sounds, synthesised with Web Audio so nothing is fetched at run
// time. Browsers start audio only after a user gesture; until then calls are silently dropped.
// 'low': a beep for each of the last seconds; 'warning': once, when one's time runs low.
export type SoundKind = 'move' | 'capture' | 'end' | 'notify' | 'low' | 'warning' | 'period';

export class Sound {
  private ctx: AudioContext | null = null;
  enabled = true;
  volume = 0.7; // 0-1, scales every sound

  unlock(): void {
    if (this.ctx) return;
    const Ctor = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    try {
      this.ctx = new Ctor();
    } catch {
      this.ctx = null;
    }
  }

  play(kind: SoundKind): void {
    if (!this.enabled || !this.ctx || this.volume <= 0) return;
    const ctx = this.ctx;
    if (ctx.state === 'suspended') void ctx.resume();
    const t = ctx.currentTime;
    if (kind === 'move' || kind === 'capture') this.knock(t, kind === 'capture' ? 0.9 : 0.6);
    else if (kind === 'end') [523, 659, 784].forEach((f, i) => this.tone(f, t + i * 0.12, 0.25, 0.12));
    else if (kind === 'notify') this.tone(880, t, 0.12, 0.08);
    else if (kind === 'period') [660, 990].forEach((f, i) => this.tone(f, t + i * 0.1, 0.1, 0.1));
    else if (kind === 'warning') [784, 587, 392].forEach((f, i) => this.tone(f, t + i * 0.16, 0.22, 0.12));
    else this.tone(440, t, 0.08, 0.06);
  }

  // A short filtered noise burst: the sound of a wooden piece put on a board.
  private knock(t: number, gain: number): void {
    const ctx = this.ctx!;
    const len = Math.floor(ctx.sampleRate * 0.06);
    const buf = ctx.createBuffer(1, len, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 4;
    const src = ctx.createBufferSource();
    src.buffer = buf;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = 900;
    filter.Q.value = 1.2;
    const g = ctx.createGain();
    g.gain.value = gain * this.volume;
    src.connect(filter).connect(g).connect(ctx.destination);
    src.start(t);
  }

  private tone(freq: number, t: number, dur: number, gain: number): void {
    const ctx = this.ctx!;
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.type = 'sine';
    const g = ctx.createGain();
    g.gain.setValueAtTime(0, t);
    g.gain.linearRampToValueAtTime(gain * this.volume, t + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(g).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + dur + 0.02);
  }
}
