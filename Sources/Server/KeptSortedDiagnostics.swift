import Entries
import Foundation
import JSONRPC
import Outlines
import ThumbIndexJSON
import ThumbIndexProtocol

/// The keep-sorted blocks of open documents (`KeptSortedReport`): a warning on the first item out of order in each,
/// published after every open and change of a document that holds the marker, and a quick fix that sorts the block.
/// Only documents whose text has held `keep-sorted` are read again (a large document without it costs nothing).
final class KeptSortedDocuments: @unchecked Sendable {
    private let lock = NSLock()
    private var marked: Set<String> = []
    private var diagnosed: Set<String> = []

    /// Notes whether text now part of `uri` holds the marker; whether the document is to be checked.
    func note(_ uri: String, found: Bool) -> Bool {
        lock.withLock {
            if found { marked.insert(uri) }
            return marked.contains(uri)
        }
    }

    func isMarked(_ uri: String) -> Bool { lock.withLock { marked.contains(uri) } }

    /// Records whether `uri` now has diagnostics; whether they are to be published (there are some, or there were).
    func publishes(_ uri: String, any: Bool) -> Bool {
        lock.withLock {
            guard any else { return diagnosed.remove(uri) != nil }
            diagnosed.insert(uri)
            return true
        }
    }

    func forget(_ uri: String) -> Bool {
        lock.withLock {
            marked.remove(uri)
            return diagnosed.remove(uri) != nil
        }
    }
}

extension LanguageServer {
    /// The blocks of `document` under the session's locale and options.
    func keptSortedReports(_ document: TextDocument) throws(SortProblem) -> [KeptSortedReport] {
        let settings = self.settings
        return try KeptSortedReport.check(document.bytes, locale: settings.locale ?? "en", options: settings.collationOptions, collations: collations)
    }

    /// Publishes the diagnostics of `uri` when it holds the marker (or held some before).
    func checkKeptSorted(_ uri: String, found: Bool) {
        guard keptSorted.note(uri, found: found), let document = try? documents.snapshot(uri) else { return }
        var diagnostics: [Diagnostic] = []
        do throws(SortProblem) {
            for report in try keptSortedReports(document) {
                let start = report.block.startLine
                for option in report.block.ignoredOptions {
                    diagnostics.append(Diagnostic(range: lineRange(start, in: document), severity: 3, code: "keep-sorted",
                                                  message: "keep-sorted option \(option) is not read by thumbindex"))
                }
                if let message = report.message, let disorder = report.sort.disorder {
                    diagnostics.append(Diagnostic(range: lineRange(disorder.unit.line, in: document), code: "keep-sorted", message: message))
                }
            }
        } catch {
            diagnostics.append(Diagnostic(range: lineRange(error.line ?? 0, in: document), severity: 1, code: "keep-sorted", message: error.message))
        }
        guard keptSorted.publishes(uri, any: !diagnostics.isEmpty) else { return }
        publishDiagnostics(uri, version: document.version, diagnostics)
    }

    func publishDiagnostics(_ uri: String, version: Int?, _ diagnostics: [Diagnostic]) {
        let params = PublishDiagnosticsNotification.Params(uri: uri, version: version, diagnostics: diagnostics)
        send(.notification(JSONRPC.Notification(method: PublishDiagnosticsNotification.method, params: params.json)))
    }

    /// A whole line, in the client's encoding.
    func lineRange(_ line: Int, in document: TextDocument) -> PositionRange {
        let line = min(line, document.lineCount - 1)
        return PositionRange(document.encodedRange(.line(line, byteCount: document.lineRange(line).count), encoding: encoding))
    }

    /// The quick fixes of the keep-sorted blocks out of order that `range` touches (any format: code too).
    static func keptSortedFixes(_ context: RequestContext, _ params: CodeActionRequest.Params) throws(ResponseError) -> [CodeActionRequest.CodeAction] {
        guard params.only.map({ $0.contains { "quickfix".hasPrefix($0) } }) ?? true, context.server.keptSorted.isMarked(params.textDocument.uri) else { return [] }
        let document = try context.requireDocument(params.textDocument)
        guard let reports = try? context.server.keptSortedReports(document) else { return [] }
        return reports.compactMap { report in
            guard report.sort.disorder != nil, report.block.startLine <= params.range.end.line, params.range.start.line <= report.block.endLine else { return nil }
            let edits = report.sort.edits.map { textEdit($0, in: document, encoding: context.encoding) }
            return .init(title: "Sort this keep-sorted block (\(report.locale))", kind: "quickfix", edit: WorkspaceEdit(changes: [document.uri: edits]))
        }
    }

    /// A byte-range edit as LSP's, in the client's encoding.
    static func textEdit(_ edit: EntrySort.Edit, in document: TextDocument, encoding: PositionEncoding) -> TextEdit {
        let range = TextRange(start: document.position(ofByte: edit.bytes.lowerBound), end: document.position(ofByte: edit.bytes.upperBound))
        return TextEdit(range: PositionRange(document.encodedRange(range, encoding: encoding)), newText: String(decoding: edit.text, as: UTF8.self))
    }
}
