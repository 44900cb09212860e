;;; thumbindex-workspace.el --- The entries of every file of a workspace, in a buffer -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `thumbindex-workspace' lists the entries of every file of the workspace
;; folder the thumbindex server reads (contacts, Markdown headings, table
;; rows, localization keys, lines of text), as one thumb index: a header
;; line per section, a line per entry with its detail and its file.  RET
;; visits the entry, j moves to a letter, g asks again (the server reads
;; the folder in the background after it starts: until it is done the
;; buffer says so), q quits.
;;
;; It is an outline buffer (thumbindex-outline.el) whose requests are the
;; workspace's: thumbindex/workspaceSections, workspaceEntries and
;; workspaceJump answer as their document counterparts, so the pages
;; come as they do for a document, those in view first.  Eglot does not
;; manage the buffer, so it keeps its server (`thumbindex--workspace-server').

;;; Code:

(require 'cl-lib)
(require 'subr-x)
(require 'url-parse)
(require 'url-util)
(require 'thumbindex)
(require 'thumbindex-outline)

(defvar-local thumbindex--workspace-root nil
  "In a workspace buffer: the folder it lists, a directory name.")

(defvar thumbindex-workspace-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'thumbindex-workspace-visit)
    map)
  "Keys of `thumbindex-workspace-mode'; the others are the outline's.")

(define-derived-mode thumbindex-workspace-mode thumbindex-outline-mode "ThumbIndex Workspace"
  "The entries of the files of a workspace folder, as thumbindex sorts them.
\\{thumbindex-workspace-mode-map}"
  (setq-local revert-buffer-function #'thumbindex--workspace-revert)
  (setq-local thumbindex--entry-text-function #'thumbindex--workspace-entry-text))

(defconst thumbindex--workspace-methods
  '((:thumbindex/sections . :thumbindex/workspaceSections)
    (:thumbindex/entries . :thumbindex/workspaceEntries)
    (:thumbindex/jump . :thumbindex/workspaceJump))
  "The document requests and the workspace requests that answer as they do.")

(defun thumbindex--workspace-scoped (method params)
  "The workspace's request for the document request METHOD, with PARAMS.
Return (METHOD . PARAMS): PARAMS without the textDocument, an empty
object when nothing is left (see `thumbindex--workspace-methods')."
  (let ((rest (cl-loop for (key value) on params by #'cddr
                       unless (eq key :textDocument) append (list key value))))
    (cons (or (alist-get method thumbindex--workspace-methods) method)
          (or rest (make-hash-table)))))

(defun thumbindex--workspace-file (uri)
  "The file name of the file: URI (its escapes are UTF-8)."
  (decode-coding-string (url-unhex-string (url-filename (url-generic-parse-url uri)))
                        'utf-8))

(defun thumbindex--workspace-folder (server)
  "The first workspace folder Eglot gave SERVER, a directory name."
  (let ((folders (eglot-workspace-folders server)))
    (when (zerop (length folders))
      (user-error "The thumbindex server has no workspace folder"))
    (file-name-as-directory (thumbindex--workspace-file (plist-get (elt folders 0) :uri)))))

(defun thumbindex--one-line (text)
  "TEXT with its line breaks made spaces."
  (replace-regexp-in-string "[\n\r]" " " text t t))

(defun thumbindex--workspace-entry-text (entry)
  "The text of the line of workspace ENTRY: its name, detail and file."
  (let ((detail (plist-get entry :detail))
        (file (file-relative-name (thumbindex--workspace-file (plist-get entry :uri))
                                  thumbindex--workspace-root)))
    (concat (thumbindex--entry-text entry)
            (when (and (stringp detail) (not (string-empty-p detail)))
              (concat "  " (propertize (thumbindex--one-line detail) 'face 'shadow)))
            "  " (propertize file 'face 'shadow))))

(defun thumbindex--workspace-sections ()
  "The thumbindex/workspaceSections answer, or a `user-error' when there is none."
  (condition-case err
      (thumbindex--sections)
    (jsonrpc-error
     (if (eql (alist-get 'jsonrpc-error-code (cdr err)) -32600)
         (user-error "The thumbindex server reads no workspace folder: start it from a file \
in a project folder (not / or your home folder), with `thumbindex-workspace-index' not :json-false")
       (signal (car err) (cdr err))))))

(defun thumbindex--workspace-revert (&rest _)
  "Ask the server again for the thumb index of the workspace.
While the server is still reading the files, the buffer says so."
  (let ((sections (thumbindex--workspace-sections))
        (name (abbreviate-file-name thumbindex--workspace-root)))
    (if (not (eq (plist-get sections :complete) :json-false))
        (thumbindex--outline-show sections name)
      (let ((inhibit-read-only t))
        (setq thumbindex--layout nil)
        (erase-buffer)
        (insert name ": Reading the workspace… g to ask again\n")))))

;;;###autoload
(defun thumbindex-workspace ()
  "Show the entries of every file of the workspace in another window.
The files of the workspace folder the thumbindex server of the current
buffer reads, sectioned as one thumb index.  RET visits an entry, j
moves to a letter, g asks again."
  (interactive)
  (let* ((server (thumbindex--server))
         (root (thumbindex--workspace-folder server))
         (buffer (get-buffer-create
                  (format "*thumbindex workspace: %s*"
                          (file-name-nondirectory (directory-file-name root))))))
    (with-current-buffer buffer
      (thumbindex-workspace-mode)
      (setq thumbindex--workspace-server server
            thumbindex--workspace-root root
            thumbindex--source buffer)  ; the outline's requests are made in it
      (condition-case err
          (thumbindex--workspace-revert)
        (error (kill-buffer buffer)
               (signal (car err) (cdr err))))
      (goto-char (point-min))
      (forward-line 1)
      ;; As the outline's: made again when shown stale; the pages in view asked for.
      (add-hook 'window-buffer-change-functions #'thumbindex--outline-shown nil t)
      (add-hook 'window-scroll-functions #'thumbindex--outline-want-soon nil t)
      (add-hook 'post-command-hook #'thumbindex--outline-want-soon nil t))
    (pop-to-buffer buffer)
    (with-current-buffer buffer (thumbindex--outline-want))
    buffer))

(defun thumbindex--workspace-goto (position encoding)
  "Move to the LSP POSITION, its character counted in ENCODING's code units.
Not by Eglot's conversion: Eglot may not manage the file, and then it
would not use the encoding the server chose for the session."
  (let ((target
         (save-restriction
           (widen)
           (goto-char (point-min))
           (forward-line (plist-get position :line))
           (let ((units (plist-get position :character)))
             (while (and (> units 0) (not (eolp)))
               (let ((char (following-char)))
                 (setq units (- units (pcase encoding
                                        ("utf-32" 1)
                                        ("utf-8" (length (encode-coding-string
                                                          (string char) 'utf-8 t)))
                                        (_ (if (> char #xFFFF) 2 1))))))
               (forward-char 1)))
           (point))))
    (unless (<= (point-min) target (point-max)) (widen))
    (goto-char target)))

(defun thumbindex-workspace-visit ()
  "Visit the file of the entry on the current line, at the entry.
A header visits its first entry."
  (interactive)
  (let ((offset (thumbindex--offset-at-line)))
    (unless offset (user-error "No entry on this line"))
    (let* ((encoding (plist-get (thumbindex-eglot-call 'capabilities (thumbindex--server))
                                :positionEncoding))
           (entry (thumbindex--outline-entry offset))
           (file (thumbindex--workspace-file (plist-get entry :uri))))
      (unless (file-exists-p file)
        (user-error "%s is gone: g to ask again" (abbreviate-file-name file)))
      (pop-to-buffer (find-file-noselect file))
      (push-mark nil t)
      (thumbindex--workspace-goto (plist-get (plist-get entry :selectionRange) :start)
                                  encoding))))

(provide 'thumbindex-workspace)
;;; thumbindex-workspace.el ends here
