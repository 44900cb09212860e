import Foundation

/// A workspace folder on disk for the workspace tests: files written, changed and removed by relative path.
struct WorkspaceFolderFixture {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("thumbindex-workspace-\(UUID().uuidString)")

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: url.appendingPathComponent(path)) }

    func uri(_ path: String) -> String { url.appendingPathComponent(path).absoluteString }

    /// A vCard 3.0 of one person.
    static func card(_ family: String, _ given: String) -> String {
        "BEGIN:VCARD\nVERSION:3.0\nN:\(family);\(given);;;\nFN:\(given) \(family)\nEND:VCARD\n"
    }

    func removeAll() { try? FileManager.default.removeItem(at: url) }
}
