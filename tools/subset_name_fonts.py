#!/usr/bin/env python3
"""Cut the fonts for players' names in other scripts from Debian's Noto fonts (SIL OFL 1.1;
apt-get install fonts-noto-core fonts-noto-cjk): each to the characters a name in its script
needs, no hinting, no layout tables (the game draws glyph by glyph: Arabic is joined through its
presentation forms, right-to-left text laid out in order by src/script/). Writes
assets/fonts/names-*.ttf|otf and tools/fonts/names-*.txt (the characters each font draws, read
by src/script/coverage.rs). Needs fonttools (python3 -m venv v && v/bin/pip install fonttools).
The CJK font keeps the common characters of names: GB 2312 level 1 (3 755 hanzi), JIS X 0208
level 1 (2 965 kanji), KS X 1001's 2 350 Hangul syllables, the kana and CJK punctuation; a name
with a rarer one is refused at entry with a sentence."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTO = "/usr/share/fonts/truetype/noto"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"


def chars_of(encoding, rows, cols=range(0xA1, 0xFF)):
    out = set()
    for row in rows:
        for col in cols:
            try:
                out.update(bytes([row, col]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return out


def span(first, last):
    return {chr(c) for c in range(first, last + 1)}


def cjk_chars():
    chars = set()
    chars |= chars_of("gb2312", range(0xB0, 0xD8))  # level 1 hanzi
    chars |= chars_of("euc_jp", range(0xB0, 0xD0))  # JIS X 0208 level 1 kanji
    chars |= chars_of("euc_kr", range(0xB0, 0xC9))  # KS X 1001 Hangul syllables
    chars |= span(0x3041, 0x3096) | span(0x30A1, 0x30FA) | span(0x30FC, 0x30FE)  # kana, ー
    chars |= span(0x3000, 0x3003) | span(0x3005, 0x3007) | {"\u30fb"}  # punctuation, 々〆〇, ・
    return {c for c in chars if ord(c) >= 0x3000}


FONTS = [
    # (name, source, characters)
    ("arabic", f"{NOTO}/NotoSansArabic-Bold.ttf",
     span(0x0621, 0x063A) | span(0x0640, 0x0652) | span(0x0660, 0x0669) | {"\u0670"}
     | span(0x0671, 0x0671) | {"\u067e", "\u0686", "\u0698", "\u06a9", "\u06af", "\u06cc"}
     | span(0xFB56, 0xFB59) | span(0xFB7A, 0xFB7D) | span(0xFB8A, 0xFB8B) | span(0xFB8E, 0xFB95)
     | span(0xFBFC, 0xFBFF) | span(0xFE70, 0xFE74) | span(0xFE76, 0xFEFC)),
    ("hebrew", f"{NOTO}/NotoSansHebrew-Bold.ttf", span(0x05D0, 0x05EA) | span(0x05B0, 0x05BC)),
    ("thai", f"{NOTO}/NotoSansThai-Bold.ttf", span(0x0E01, 0x0E3A) | span(0x0E40, 0x0E5B)),
    ("cjk", CJK, cjk_chars()),
]


def main():
    from fontTools.ttLib import TTFont

    for name, source, wanted in FONTS:
        number = ["--font-number=0"] if source.endswith(".ttc") else []
        font = TTFont(source, fontNumber=0)
        have = set(map(chr, font.getBestCmap()))
        chars = sorted(wanted & have)
        ext = "otf" if "CFF " in font else "ttf"
        out = f"{ROOT}/assets/fonts/names-{name}.{ext}"
        unicodes = ",".join(f"{ord(c):04X}" for c in chars)
        subprocess.run(["pyftsubset", source, *number, f"--unicodes={unicodes}",
                        "--layout-features=", "--no-hinting", "--desubroutinize",
                        "--name-IDs=*", f"--output-file={out}"], check=True)
        with open(f"{ROOT}/tools/fonts/names-{name}.txt", "w", encoding="utf-8") as f:
            f.write("".join(chars) + "\n")
        print(f"{out}: {len(chars)} characters, {os.path.getsize(out)} bytes", file=sys.stderr)


main()
