#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LowLevel

/// A long string (a document's text): unescaped into an array of its own, on two cores when it is large, and checked
/// there.
extension JSONScanner {
    /// The UTF-8 of the string at `position` when it is long (`JSONParser.longString` bytes or more, escapes
    /// included): unescaped into an array of its own, checked there, and not made a `String` (see `UTF8String`).
    /// Nil for a shorter one, and nothing read.
    mutating func parseLongString() throws(JSONParseError) -> UTF8String? {
        guard bytes.count - position > JSONParser.longString else { return nil }
        let start = position, contentStart = position + 1
        // Long when no closing quote stands in its first `longString` bytes. Its end is not looked for: it is
        // unescaped into room for the rest of the message (no escape is longer unescaped). A text of quoted YAML,
        // `.strings` or JSON has an escaped quote every few bytes, and a `memchr` from each to the next was a tenth
        // of receiving it.
        guard closingQuote(from: contentStart, before: contentStart + JSONParser.longString) == nil else { return nil }
        let capacity = bytes.count - contentStart
        position = contentStart
        var failure: JSONParseError?
        var census = UTF8String.Census()
        // Sixteen bytes of room past the content for `UnescapedText`'s whole words and the halves' gap, and a
        // sixteenth for a document's edits to grow into (the first edit that adds to it would otherwise copy it
        // all). Room not written to is never faulted in.
        var utf8 = [UInt8](unsafeUninitializedCapacity: capacity + capacity / 16 + 16) { buffer, count in
            do throws(JSONParseError) {
                (count, census) = try unescapeLong(stringStart: start, into: buffer.baseAddress!)
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        // Counted whether or not checked: the count is the census's (and bytes already checked pass).
        guard let nonASCII = utf8.withUnsafeBufferPointer(UTF8Check.nonASCIICountOnTwoCores) else {
            // Read again, checked, for the first malformed byte (nothing written: `output` has no storage).
            position = contentStart
            try unescape(stringStart: start, checkingUTF8: true)
            throw invalidUTF8()
        }
        census.nonASCII = nonASCII
        if bytes.count - position > JSONParser.longString {
            // Much of the message after it (a text not last, a batch): room reaching over all that would be kept
            // with the document. Copied into room of its own size.
            var copy = [UInt8]()
            copy.reserveCapacity(utf8.count + utf8.count / 16 + 16)
            copy += utf8
            utf8 = copy
        }
        return UTF8String(checked: utf8, census: census)
    }

    /// Unescapes the string whose content starts at `position` into `target` (room for the rest of the bytes and 16
    /// more), its characters unchecked; returns the bytes written and their census (bytes past ASCII not counted).
    ///
    /// Two MiB or more are unescaped in two halves on two cores: the first up to a cut after a line feed's escape
    /// near the middle of the rest of the bytes, the second from there into the room after the first half's raw
    /// bytes (no escape is longer unescaped), then moved down behind the first. Unescaping was a quarter of
    /// receiving a document's text, on one core while the other waited.
    private mutating func unescapeLong(stringStart start: Int, into target: UnsafeMutablePointer<UInt8>)
        throws(JSONParseError) -> (count: Int, census: UTF8String.Census) {
        let contentStart = position
        guard bytes.count - contentStart >= Thresholds.unescapedOnTwoCores, let cut = lineFeedEscapeEnd(near: contentStart + (bytes.count - contentStart) / 2) else {
            output = UnescapedText(target)
            defer { output = UnescapedText() }
            try unescape(stringStart: start, checkingUTF8: false)
            return (output.count, output.census)
        }
        var first = JSONScanner(UnsafeBufferPointer(rebasing: bytes[..<cut]), maxDepth: maxDepth, builder: builder)
        first.position = contentStart
        first.output = UnescapedText(target)
        // Eight bytes apart: the first half's last word may be stored whole past its end.
        let secondTarget = target + (cut - contentStart) + 8
        var second = self
        second.position = cut
        second.output = UnescapedText(secondTarget)
        var firstClosed: Result<Bool, JSONParseError>?, secondRead: Result<Void, JSONParseError>?
        // Each half read by a scanner of the closure's own (one captured and written from a closure that runs on
        // another core is read through its box at every step: a tenth slower).
        Cores.run({
            var scanner = first
            firstClosed = Result { () throws(JSONParseError) in try scanner.unescapeToQuote(stringStart: start, checkingUTF8: false) }
            first = scanner
        }, {
            var scanner = second
            secondRead = Result { () throws(JSONParseError) in try scanner.unescape(stringStart: start, checkingUTF8: false) }
            second = scanner
        })
        // The string closed before the cut (the message has more after it): the second half read something else.
        if try firstClosed!.get() {
            position = first.position
            return (first.output.count, first.output.census)
        }
        try secondRead!.get()
        (target + first.output.count).update(from: secondTarget, count: second.output.count)
        position = second.position
        // The second half starts after a line feed, so no CR of the first half stands before its first byte.
        var census = first.output.census
        census.add(second.output.census)
        return (first.output.count + second.output.count, census)
    }

    /// Where a line feed's escape (`\n`) ends, looked for from `from` on for 64 KiB; nil when there is none.
    private func lineFeedEscapeEnd(near from: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let end = min(bytes.count - 1, from + (1 << 16))
        var i = from
        while i < end, let found = memchr(base + i, Int32(Byte.backslash), end - i) {
            let backslash = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // An escape when the backslashes before it pair up among themselves.
            if backslash + 1 < end, bytes[backslash + 1] == UInt8(ascii: "n"), !isEscaped(backslash) { return backslash + 2 }
            i = backslash + 1
        }
        return nil
    }
}
