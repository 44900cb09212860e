// A small source file for the ctags outline: a struct, a class with methods, an enum, free functions.
import Foundation

/// A word in a dictionary, with the form it is sorted by.
public struct Headword: Hashable {
    public var text: String
    public var sortKey: String

    public init(text: String, sortKey: String? = nil) {
        self.text = text
        self.sortKey = sortKey ?? text
    }

    /// The first letter, as the thumb index shows it.
    public var initial: Character? { text.first }
}

/// A dictionary that keeps its words in sections.
final class Dictionary {
    private(set) var words: [Headword] = []
    let language: String

    init(language: String) {
        self.language = language
    }

    func add(_ word: Headword) {
        let position = words.firstIndex { $0.sortKey > word.sortKey } ?? words.endIndex
        words.insert(word, at: position)
    }

    func words(startingWith letter: Character) -> [Headword] {
        words.filter { $0.initial == letter }
    }

    class func swedish() -> Dictionary {
        Dictionary(language: "sv")
    }
}

/// Where a word sits in a printed book.
enum Placement {
    case frontMatter
    case body(page: Int), appendix
    indirect case crossReference(to: Placement)

    var isInBody: Bool {
        switch self {
        case .body: return true
        default: return false
        }
    }
}

/// Sections in display order: one per initial letter.
func sections(of words: [Headword]) -> [Character: [Headword]] {
    var result: [Character: [Headword]] = [:]
    for word in words {
        guard let letter = word.initial else { continue }
        result[letter, default: []].append(word)
    }
    return result
}

func describe(_ placement: Placement) -> String {
    "\(placement)"
}
