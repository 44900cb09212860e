import Collation
import Dispatch
import Entries
import Foundation
import JSONRPC
import Outlines
import ThumbIndexProtocol

extension LanguageServer {
    /// After `initialized`: reads the files of the workspace folders in the background (with progress when the
    /// client shows it), so that `workspace/symbol` and the `thumbindex/workspace*` requests answer from them; asks
    /// the client to watch them when it can, and polls them when it cannot. A folder that is `/` or the home
    /// directory itself is not read (a client sends it when a file has no project around it), and
    /// `thumbindex.workspace.index: false` reads nothing.
    func startWorkspaceFiles() {
        let settings = self.settings, folders = workspaceFolders
        guard settings.workspaceIndex, !folders.isEmpty else { return }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var roots: [String] = []
        for folder in folders.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) {
            if folder == "/" || folder == home {
                log(.info, "\(folder) is not read for workspace/symbol: it is / or the home directory; open a project folder to search its files")
            } else if !roots.contains(folder) {
                roots.append(folder)
            }
        }
        let scan = folderScan(settings)
        guard !roots.isEmpty, !scan.languages.isEmpty,
              let collation = try? collations.collation(locale: settings.locale ?? "en", style: IndexedCollation.Style(settings.style),
                                                        options: settings.collationOptions) else { return }
        var extraction = settings.extractionSettings
        extraction.workspaceFolders = folders
        let files = WorkspaceFiles(roots: roots, scan: scan, settings: extraction, collation: collation, encoding: encoding)
        workspaceFiles = files
        let globs = ["**/*.{\(scan.fileExtensions.joined(separator: ","))}"]
        let watch = watchChange(to: globs)
        let id = "thumbindex-workspace-files"
        if watch.unregister {
            send(.request(Request(id: .string("unregister-watched-files"), method: UnregisterCapabilityRequest.method,
                                  params: UnregisterCapabilityRequest.Params(id: id).json)))
        }
        if watch.register {
            let params = RegisterCapabilityRequest.Params(id: id, globs: globs)
            send(.request(Request(id: .string("register-watched-files"), method: RegisterCapabilityRequest.method, params: params.json)))
        }
        let names = roots.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        let server = self
        DispatchQueue.global(qos: .utility).async {
            server.readWorkspace(files, names: names)
        }
    }

    /// What a scan of the workspace reads under `settings`: `thumbindex.workspace.languages`, else the defaults.
    private func folderScan(_ settings: Settings) -> FolderScan {
        var scan = FolderScan()
        if let languages = settings.workspaceLanguages {
            let known = Set(Extractors.languageIds)
            for unknown in languages where !known.contains(unknown) {
                log(.warning, "setting thumbindex.workspace.languages: no format has the languageId \(unknown) (known: \(known.sorted().joined(separator: ", ")))")
            }
            scan.languages = Set(languages).intersection(known)
        }
        return scan
    }

    private func readWorkspace(_ files: WorkspaceFiles, names: String) {
        let end = beginLongWork("Reading the workspace", names)
        let notes = files.scanAll(isCancelled: { self.workspaceFiles !== files })
        end()
        // The word index of workspace/symbol under the scan's collation, made now rather than at the first query (not
        // for files another set of folders has replaced).
        if workspaceFiles === files, let matcher = try? PrefixMatcher(query: "", locale: files.collation.locale) {
            files.prepareSearch(collator: matcher.collator,
                                key: "\(files.collation.locale.identifier)|\(settings.outlineKey(files.collation))")
            memory.largeWorkDone()  // what making it freed goes back after the next request
        }
        // A reading that other folders or settings replaced says nothing.
        guard workspaceFiles === files else { return }
        for note in notes.prefix(20) { log(.info, note) }
        if notes.count > 20 { log(.info, "… and \(notes.count - 20) more notes on the workspace's files") }
        log(.info, "workspace: \(files.count) files read for workspace/symbol")
        instrumentation.workspaceRead?()
        if !client.watchedFilesRegistration { poll(files) }
    }

    /// For a client that does not watch files: looks at the workspace's files every
    /// `instrumentation.workspacePollInterval` seconds (their sizes and modification times), until they are read
    /// again for other folders or settings, or the server shuts down.
    private func poll(_ files: WorkspaceFiles) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + instrumentation.workspacePollInterval) { [weak self] in
            guard let self, self.workspaceFiles === files else { return }
            let changed = files.poll()
            self.instrumentation.workspacePolled?(changed)
            self.poll(files)
        }
    }

    /// The settings the workspace's files are read under changed: they are read again (the reading under way, if any,
    /// stops at its next file).
    func restartWorkspaceFiles() {
        workspaceFiles = nil
        startWorkspaceFiles()
    }

    /// Folders added to the workspace or removed from it: the workspace's files are read again for the new set (the
    /// reading under way, if any, stops at its next file).
    func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersNotification.Params) {
        let path = { (uri: String) in URL(string: uri).flatMap { $0.isFileURL ? $0.standardizedFileURL.path : nil } }
        let removed = Set(params.removed.compactMap(path))
        var folders = workspaceFolders.filter { !removed.contains(URL(fileURLWithPath: $0).standardizedFileURL.path) }
        for added in params.added.compactMap(path) where !folders.contains(added) { folders.append(added) }
        workspaceFolders = folders
        restartWorkspaceFiles()
    }

    /// Brings the files the client saw change on disk up to date (each event answered by what is on disk now, so
    /// their order does not matter; see `WorkspaceFiles.update`). The files of open documents are not read: they
    /// count with the editor's text until closed.
    func didChangeWatchedFiles(_ params: DidChangeWatchedFilesNotification.Params) {
        guard let files = workspaceFiles else { return }
        for change in params.changes {
            guard let url = URL(string: change.uri), url.isFileURL else { continue }
            if let note = files.update(path: url.path) { log(.info, note) }
        }
    }
}

extension Settings {
    /// What the reading of the workspace's files depends on: these settings but those that only shape a reply.
    var workspaceReading: Settings {
        var reading = self
        reading.grouping = .sections
        reading.includeSearch = false
        reading.maxIndexTitles = nil
        return reading
    }
}
