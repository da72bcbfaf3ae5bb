#!/usr/bin/python3
# Makes the two fonts the client ships, so that every viewer sees the pieces and the
# Japanese text even on a machine without a Japanese font (many Linux desktops):
#   public/fonts/banmen-pieces.woff2  Noto Serif CJK JP Bold, the glyphs pieces, board
#                                      coordinates and the logo use
#   public/fonts/banmen-jp.woff2      Noto Sans CJK JP Regular, every Japanese character
#                                      the client's own text uses, kana and notation
# Both are cut from Debian's fonts-noto-cjk (SIL Open Font License 1.1, public/fonts/OFL.txt)
# and committed: building the client needs neither the fonts nor this script. Run it again
# (as root on Debian 12: apt-get install fonts-noto-cjk python3-fonttools python3-brotli)
# when the client's text gains characters: `/usr/bin/python3 scripts/subset-fonts.py`.
import glob
import os
import sys

from fontTools import subset

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
NOTO = '/usr/share/fonts/opentype/noto'

PIECES = '歩香桂銀金角飛玉王と杏圭全馬龍成?' + '将車行兵' + '一二三四五六七八九十' + '盤'
# Kana whole (names and chat are often kana), full-width digits and the marks of notation.
EXTRA = (''.join(chr(c) for c in range(0x3041, 0x3097)) +
         ''.join(chr(c) for c in range(0x30A1, 0x30FB)) + 'ー・' +
         ''.join(chr(c) for c in range(0xFF10, 0xFF1A)) +
         '一二三四五六七八九十同打成不右左上引寄直行▲△☗☖「」（）：！？、。　')


def client_text():
    """Every character above U+2000 in the client's sources (its Japanese text)."""
    chars = set()
    files = glob.glob(os.path.join(ROOT, 'src', '**', '*.ts'), recursive=True)
    files += glob.glob(os.path.join(ROOT, 'src', '**', '*.css'), recursive=True)
    for name in files:
        with open(name, encoding='utf-8') as f:
            chars.update(c for c in f.read() if ord(c) > 0x2000)
    return ''.join(sorted(chars))


def cut(source, number, text, out):
    options = subset.Options()
    options.flavor = 'woff2'
    options.font_number = number
    options.layout_features = ['*']
    options.name_IDs = ['*']
    options.name_languages = ['*']
    options.notdef_outline = True
    font = subset.load_font(source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    subset.save_font(font, out, options)
    print(f'{os.path.relpath(out, ROOT)}: {len(set(text))} characters, {os.path.getsize(out)} bytes')


def main():
    out = os.path.join(ROOT, 'public', 'fonts')
    os.makedirs(out, exist_ok=True)
    for name in ('NotoSerifCJK-Bold.ttc', 'NotoSansCJK-Regular.ttc'):
        if not os.path.exists(os.path.join(NOTO, name)):
            sys.exit(f'{NOTO}/{name} is missing: apt-get install fonts-noto-cjk')
    # index 0 of each collection is the Japanese font (Noto ... CJK JP)
    cut(os.path.join(NOTO, 'NotoSerifCJK-Bold.ttc'), 0, PIECES, os.path.join(out, 'banmen-pieces.woff2'))
    cut(os.path.join(NOTO, 'NotoSansCJK-Regular.ttc'), 0, client_text() + EXTRA + PIECES,
        os.path.join(out, 'banmen-jp.woff2'))


if __name__ == '__main__':
    main()
