//! Bytes to text and text to lines: UTF-8, or Windows-1252 line by line where a file is not UTF-8.

/// Windows-1252 characters of the bytes 0x80-0x9F (the five bytes it leaves undefined stay the Latin-1
/// control characters, as browsers read them). The other bytes are the Latin-1 characters of that code.
pub(super) const WINDOWS_1252_80_9F: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// One byte read as Windows-1252.
pub(super) fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9F => WINDOWS_1252_80_9F
            .get(usize::from(b - 0x80))
            .copied()
            .unwrap_or(char::REPLACEMENT_CHARACTER),
        _ => char::from(b),
    }
}

/// The text of a file that is not UTF-8: each line (line endings kept) as UTF-8 when it is valid UTF-8,
/// otherwise as Windows-1252. A file mixing both (a UTF-8 header, Latin-1 names) keeps every letter.
pub(super) fn decode_windows_1252_lines(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for chunk in bytes.split_inclusive(|&b| b == b'\n' || b == b'\r') {
        match std::str::from_utf8(chunk) {
            Ok(s) => text.push_str(s),
            Err(_) => text.extend(chunk.iter().map(|&b| windows_1252(b))),
        }
    }
    text
}

pub(super) fn count_line_breaks(bytes: &[u8]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => count += 1,
            b'\r' => {
                count += 1;
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    count
}

/// Splits text into lines on LF, CRLF or CR.
pub(super) fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find(['\n', '\r']) {
            Some(pos) => {
                lines.push(&rest[..pos]);
                let skip = if rest[pos..].starts_with("\r\n") {
                    2
                } else {
                    1
                };
                rest = &rest[pos + skip..];
            }
            None => {
                lines.push(rest);
                rest = "";
            }
        }
    }
    lines
}
