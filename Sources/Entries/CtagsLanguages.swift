/// Which source languages go to ctags, under which LSP languageId, ctags parser and file extensions.
enum CtagsLanguages {
    struct Language {
        var languageId: String
        /// The `--language-force` name.
        var ctagsName: String
        var extensions: [String]
    }

    static let all: [Language] = [
        .init(languageId: "swift", ctagsName: SwiftOptlib.languageName, extensions: ["swift"]),
        .init(languageId: "c", ctagsName: "C", extensions: ["c", "h"]),
        .init(languageId: "cpp", ctagsName: "C++", extensions: ["cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "h++", "inl"]),
        .init(languageId: "objective-c", ctagsName: "ObjectiveC", extensions: ["m"]),
        .init(languageId: "objective-cpp", ctagsName: "ObjectiveC", extensions: ["mm"]),
        .init(languageId: "csharp", ctagsName: "C#", extensions: ["cs"]),
        .init(languageId: "java", ctagsName: "Java", extensions: ["java"]),
        .init(languageId: "kotlin", ctagsName: "Kotlin", extensions: ["kt", "kts"]),
        .init(languageId: "python", ctagsName: "Python", extensions: ["py", "pyw", "pyi"]),
        .init(languageId: "go", ctagsName: "Go", extensions: ["go"]),
        .init(languageId: "rust", ctagsName: "Rust", extensions: ["rs"]),
        .init(languageId: "javascript", ctagsName: "JavaScript", extensions: ["js", "mjs", "cjs"]),
        .init(languageId: "javascriptreact", ctagsName: "JavaScript", extensions: ["jsx"]),
        .init(languageId: "typescript", ctagsName: "TypeScript", extensions: ["ts", "mts", "cts"]),
        .init(languageId: "typescriptreact", ctagsName: "TypeScript", extensions: ["tsx"]),
        .init(languageId: "ruby", ctagsName: "Ruby", extensions: ["rb", "rake", "gemspec"]),
        .init(languageId: "lua", ctagsName: "Lua", extensions: ["lua"]),
        .init(languageId: "sh", ctagsName: "Sh", extensions: ["sh", "bash", "zsh", "ksh"]),
        .init(languageId: "shellscript", ctagsName: "Sh", extensions: []),  // VS Code's id for shell
        .init(languageId: "perl", ctagsName: "Perl", extensions: ["pl", "pm"]),
        .init(languageId: "php", ctagsName: "PHP", extensions: ["php"]),
        .init(languageId: "r", ctagsName: "R", extensions: ["r"]),
        .init(languageId: "haskell", ctagsName: "Haskell", extensions: ["hs"]),
        .init(languageId: "ocaml", ctagsName: "OCaml", extensions: ["ml", "mli"]),
        .init(languageId: "elixir", ctagsName: "Elixir", extensions: ["ex", "exs"]),
        .init(languageId: "erlang", ctagsName: "Erlang", extensions: ["erl", "hrl"]),
        .init(languageId: "julia", ctagsName: "Julia", extensions: ["jl"]),
        .init(languageId: "sql", ctagsName: "SQL", extensions: ["sql"]),
        .init(languageId: "tcl", ctagsName: "Tcl", extensions: ["tcl"]),
        .init(languageId: "fortran", ctagsName: "Fortran", extensions: ["f90", "f95", "f03", "f"]),
        .init(languageId: "powershell", ctagsName: "PowerShell", extensions: ["ps1", "psm1"]),
        .init(languageId: "makefile", ctagsName: "Make", extensions: ["mk", "mak"]),
        .init(languageId: "cmake", ctagsName: "CMake", extensions: ["cmake"]),
        .init(languageId: "vim", ctagsName: "Vim", extensions: ["vim"]),
        .init(languageId: "clojure", ctagsName: "Clojure", extensions: ["clj", "cljs", "cljc"]),
        .init(languageId: "scheme", ctagsName: "Scheme", extensions: ["scm", "ss"]),
        .init(languageId: "lisp", ctagsName: "Lisp", extensions: ["lisp", "lsp", "cl"]),
        .init(languageId: "elm", ctagsName: "Elm", extensions: ["elm"]),
        .init(languageId: "d", ctagsName: "D", extensions: ["d"]),
        .init(languageId: "pascal", ctagsName: "Pascal", extensions: ["pas", "pp"]),
        .init(languageId: "verilog", ctagsName: "Verilog", extensions: ["v"]),
        .init(languageId: "vhdl", ctagsName: "VHDL", extensions: ["vhd", "vhdl"]),
        .init(languageId: "protobuf", ctagsName: "Protobuf", extensions: ["proto"]),
        .init(languageId: "latex", ctagsName: "Tex", extensions: ["tex"]),
        .init(languageId: "restructuredtext", ctagsName: "ReStructuredText", extensions: ["rst"]),
    ]

    static func language(id: String) -> Language? { all.first { $0.languageId == id } }

    static func language(forExtension ext: String) -> Language? { all.first { $0.extensions.contains(ext) } }

    static func language(forFileName name: String) -> Language? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return language(forExtension: name[name.index(after: dot)...].lowercased())
    }
}

/// Universal Ctags has no Swift parser, so Swift is defined here as regular expressions on declaration
/// lines (an "optlib" given on the command line). Regexes see one line and no nesting; `CtagsOutline`
/// finds each declaration's body by matching braces and nests by containment, then drops what the
/// regexes over-match (locals inside functions, `case` labels of a switch, `class func`).
enum SwiftOptlib {
    static let languageName = "ThumbIndexSwift"

    /// Modifiers and attributes before a keyword: `public final`, `@MainActor`, `private(set)`.
    private static let prefix = #"^[ \t]*(([A-Za-z@()_]+[ \t]+)*)"#
    /// A letter, `_` or any non-ASCII character, then those or digits: Swift names may be `Café` or `Öl`, and
    /// `[^ -~\t]` (outside printable ASCII and tab) takes a non-ASCII character in ctags' regex engine whether it
    /// reads bytes or UTF-8. Operators (`==`, `+`) stay out, as before.
    private static let identifier = "(([A-Za-z_]|[^ -~\t])([A-Za-z0-9_]|[^ -~\t])*)"

    /// (keywords, kind letter, kind name) — kind names are the usual ctags ones, mapped like any parser's.
    private static let declarations: [(String, String, String)] = [
        ("struct", "s", "struct"), ("class", "c", "class"), ("actor", "a", "actor"), ("enum", "e", "enum"),
        ("protocol", "p", "protocol"), ("extension", "x", "extension"), ("func", "f", "function"),
        ("var|let", "v", "variable"), ("typealias", "t", "typealias"), ("case", "C", "enumerator"),
    ]

    static var arguments: [String] {
        var args = ["--langdef=\(languageName)", "--langmap=\(languageName):.swift"]
        for (keyword, letter, kind) in declarations {
            args.append("--regex-\(languageName)=/\(prefix)(\(keyword))[ \t]+\(identifier)/\\4/\(letter),\(kind),\(kind)s/")
        }
        args.append(#"--regex-\#(languageName)=/\#(prefix)init[?!]?[ \t]*[(<]/init/i,constructor,initializers/"#)
        return args
    }

    /// Words the regexes may catch as names that are keywords (`class func`, `case let`).
    static let keywords: Set<String> = [
        "func", "var", "let", "class", "struct", "enum", "protocol", "extension", "actor", "case",
        "subscript", "typealias", "static", "indirect", "some", "any", "in", "is", "as", "where", "deinit",
    ]
}
