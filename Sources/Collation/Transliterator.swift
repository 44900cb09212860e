import Foundation
import ICUShim

/// One of ICU's transliterators (`Han-Latin/Names`, `Latin-Bopomofo`), safe to share: ICU's objects are used by
/// one thread at a time, so each call takes one from a pool (opening another when all are busy).
final class Transliterator: @unchecked Sendable {
    let id: String
    private let lock = NSLock()
    private var idle: [OpaquePointer] = []

    /// - Throws: `CollationError` of kind `.icu` when ICU has no transliterator `id` (its data left out of the build).
    init(_ id: String) throws(CollationError) {
        self.id = id
        idle = [try Self.open(id)]
    }

    deinit {
        for handle in idle { ti_transliterator_close(handle) }
    }

    private static func open(_ id: String) throws(CollationError) -> OpaquePointer {
        var error = [CChar](repeating: 0, count: Int(TI_ERROR_CAPACITY))
        guard let handle = ti_transliterator_open(id, &error, TI_ERROR_CAPACITY) else {
            throw CollationError(.icu, String(nulTerminated: error))
        }
        return handle
    }

    /// `text` transliterated; nil when ICU fails (out of memory).
    func callAsFunction(_ text: String) -> String? {
        guard let handle = lock.withLock({ idle.popLast() }) ?? (try? Self.open(id)) else { return nil }
        defer { lock.withLock { idle.append(handle) } }
        var text = text
        return text.withUTF8 { input -> String? in
            // Pinyin and bopomofo take a few times the bytes of the Han they read; asked again with room if not.
            var capacity = max(64, input.count * 4)
            for _ in 0 ..< 2 {
                var out = [UInt8](repeating: 0, count: capacity)
                let length = input.withMemoryRebound(to: CChar.self) { text in
                    out.withUnsafeMutableBufferPointer { out in
                        out.withMemoryRebound(to: CChar.self) {
                            ti_transliterate_utf8(handle, text.baseAddress, Int32(text.count), $0.baseAddress, Int32(capacity))
                        }
                    }
                }
                if length < 0 { return nil }
                if Int(length) <= capacity { return String(decoding: out[..<Int(length)], as: UTF8.self) }
                capacity = Int(length)
            }
            return nil
        }
    }
}
