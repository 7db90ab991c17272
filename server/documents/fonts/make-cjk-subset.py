#!/usr/bin/env python3
"""Makes NotoSansCJKsc-Subset-Regular.otf, the CJK face every PDF falls back to.

From Debian's fonts-noto-cjk (Noto Sans CJK SC Regular, the third face of
NotoSansCJK-Regular.ttc), with fonttools (pip install fonttools==4.66.1). Kept: the
characters of the national standards that names and titles are typed in, so a few MB cover
nearly every name (docs/decisions/039-pdf-fonts-for-every-name.md):
  - GB 2312 (6,763 hanzi, simplified Chinese), JIS X 0208 (6,356 kanji, Japanese),
    Big5 level 1 (5,401 common traditional hanzi);
  - every precomposed Hangul syllable (11,172), Hangul compatibility jamo;
  - CJK punctuation, kana, fullwidth forms, enclosed and compatibility CJK.
Subroutines stay (half the size of a desubroutinized font); hinting and OpenType layout
features go (pdfkit sets CJK without them).

Usage: python3 make-cjk-subset.py [path/to/NotoSansCJK-Regular.ttc]
"""
import os
import sys
import tempfile

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = "Noto Sans CJK SC"
OUTPUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "NotoSansCJKsc-Subset-Regular.otf")

WHOLE_RANGES = [
    (0x3000, 0x30FF),  # CJK punctuation, hiragana, katakana
    (0x3100, 0x312F),  # bopomofo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0x3200, 0x33FF),  # enclosed CJK letters, CJK compatibility
    (0xAC00, 0xD7A3),  # Hangul syllables
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
]
HAN_RANGES = [(0x4E00, 0x9FFF), (0xF900, 0xFAFF)]


def two_bytes(char, codec):
    try:
        return len(char.encode(codec)) == 2
    except UnicodeEncodeError:
        return False


def big5_level_1(char):
    try:
        code = char.encode("big5")
    except UnicodeEncodeError:
        return False
    return len(code) == 2 and 0xA440 <= (code[0] << 8 | code[1]) <= 0xC67E


def code_points():
    points = {point for first, last in WHOLE_RANGES for point in range(first, last + 1)}
    for first, last in HAN_RANGES:
        for point in range(first, last + 1):
            char = chr(point)
            if two_bytes(char, "gb2312") or two_bytes(char, "euc_jp") or big5_level_1(char):
                points.add(point)
    return sorted(points)


def main():
    collection = TTCollection(SOURCE)
    face = next(font for font in collection.fonts if font["name"].getDebugName(4) == FACE)
    with tempfile.TemporaryDirectory() as folder:
        single = os.path.join(folder, "face.otf")
        face.save(single)
        subset.main(
            [
                single,
                "--unicodes=" + ",".join("U+%04X" % point for point in code_points()),
                "--layout-features=",
                "--no-hinting",
                "--output-file=" + OUTPUT,
            ]
        )
    print(OUTPUT, os.path.getsize(OUTPUT), "bytes")


if __name__ == "__main__":
    main()
