;;; thumbindex.el --- Sectioned outlines and letter jumps -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: outlines, convenience, i18n

;; This file is not part of GNU Emacs.

;;; Commentary:

;; ThumbIndex is a language server that sorts the entries of a document (the
;; lines of a word list, the headings of a Markdown file, the rows of a CSV
;; file, contacts in a vCard file...) into lettered sections the way a
;; dictionary's thumb index does: A-Z, then the locale's letters (Å Ä Ö in
;; Swedish, あ か さ in Japanese), then #.  This package connects it to Eglot.
;; Loading it changes nothing; the global minor mode `thumbindex-mode' does:
;;
;; - It registers the `thumbindex' program with Eglot for the major
;;   modes in `thumbindex-modes': every format the server reads (text-mode
;;   as plaintext, markdown-mode, csv-mode... when you have them), and for
;;   the files Emacs has no mode for (.vcf, .yaml, .strings, .xcstrings,
;;   .json, and .csv, .tsv, .md without csv-mode and markdown-mode) the small modes of
;;   thumbindex-formats.el, by extension (`thumbindex-file-modes').
;; - In those buffers `imenu' (M-g i, or `imenu-list') shows the
;;   sectioned outline, in the server's order (Å Ä Ö, then #) and with its
;;   names: one submenu per letter, the entries sorted in it.
;; - `thumbindex-jump' reads an index title (a letter, with completion, in
;;   the server's order) and moves point to the first entry of its section,
;;   or of the nearest section before it when it has none (the server says).
;; - `thumbindex-outline' lists the sections and entries in a buffer of
;;   their own; RET visits the entry on the current line.
;; - `thumbindex-workspace' lists, the same way, the entries of every file
;;   of the workspace folder the server reads (thumbindex-workspace.el).
;; - `thumbindex-sort' puts the entries of the buffer (or the region) into
;;   that order, as one edit (thumbindex-sort.el); `eglot-code-actions' has
;;   the same sorts, and a quick fix for a keep-sorted block out of order.
;;
;; Set up:
;;
;;   1. Build the server and put it on PATH (or set `thumbindex-program'):
;;        swift build -c release --product thumbindex
;;   2. In your init file:
;;        (add-to-list 'load-path "/path/to/thumbindex/editors/emacs")
;;        (require 'thumbindex)
;;        (thumbindex-mode 1)
;;        (setq thumbindex-locale "sv_SE")     ; optional: else from LANG
;;        (add-hook 'text-mode-hook #'eglot-ensure)  ; or M-x thumbindex-start
;;        (define-key eglot-mode-map (kbd "C-c j") #'thumbindex-jump)
;;
;; `M-x thumbindex-start' starts the server for the current buffer without
;; asking anything; `M-x eglot' works too.  The server settings have a
;; variable each, in the customization group `thumbindex-server-settings'
;; (`thumbindex-csv-column'...); they are sent as initializationOptions when
;; the server starts: change them, then `M-x eglot-reconnect'.
;;
;; One thumbindex process serves every format of a project: the modes of
;; `thumbindex-modes' are one entry of `eglot-server-programs', each with
;; its languageId, so a .vcf, a .md and a .csv open side by side share a
;; server (which reads the workspace folder once).  Eglot 1.9 sends one
;; languageId for all the buffers of a server: thumbindex's server class
;; sends each buffer its own (see thumbindex-eglot.el).  A buffer in a
;; mode derived from one of `thumbindex-modes' but not in it (`org-mode'
;; from `text-mode') is served, but Eglot 1.9 gives it a server of its
;; own: add the mode to `thumbindex-modes' to share.
;;
;; What the server says of a document (a syntax error in a JSON file, a
;; languageId it does not read) is shown where its entries would be: in
;; imenu and `thumbindex-outline' when it has none (thumbindex-problems.el).

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'subr-x)
(require 'imenu)
(require 'jsonrpc)
(require 'eglot)
(require 'thumbindex-eglot)

(defgroup thumbindex nil
  "Sectioned outlines and letter jumps from the ThumbIndex language server."
  :group 'tools
  :prefix "thumbindex-")

(require 'thumbindex-formats)
(require 'thumbindex-server-settings)
(require 'thumbindex-problems)

(autoload 'thumbindex-outline "thumbindex-outline"
  "Show the sections and entries of the current buffer in another window." t)
(autoload 'thumbindex-workspace "thumbindex-workspace"
  "Show the entries of every file of the workspace in another window." t)
(autoload 'thumbindex-sort "thumbindex-sort"
  "Sort the entries of the buffer (or the region) into the order of its outline." t)

(defcustom thumbindex-program "thumbindex"
  "The thumbindex program: a name to find in variable `exec-path', or a path."
  :type 'string)

(defcustom thumbindex-program-args nil
  "Arguments given to `thumbindex-program'.
None are needed: with no arguments it speaks LSP on stdin and stdout."
  :type '(repeat string))

(defcustom thumbindex-modes
  '((thumbindex-tsv-mode . "tsv")
    (thumbindex-csv-mode . "csv")
    (tsv-mode . "tsv")
    (csv-mode . "csv")
    (gfm-mode . "markdown")
    (markdown-mode . "markdown")
    (thumbindex-markdown-mode . "markdown")
    (thumbindex-vcard-mode . "vcard")
    (vcard-mode . "vcard")
    (thumbindex-yaml-mode . "yaml")
    (yaml-mode . "yaml")
    (yaml-ts-mode . "yaml")
    (thumbindex-strings-mode . "strings")
    (thumbindex-xcstrings-mode . "xcstrings")
    (thumbindex-json-mode . "json")
    (js-json-mode . "json")
    (json-mode . "json")
    (json-ts-mode . "json")
    (text-mode . "plaintext"))
  "Major modes served by ThumbIndex, each with the LSP languageId sent for it.
A mode also serves the modes derived from it, and the first entry that
matches wins, so a derived mode must come before its parent (`tsv-mode'
before `csv-mode', `markdown-mode' before `text-mode').  Modes that are not
installed do no harm.  The thumbindex-*-mode entries are the modes of
thumbindex-formats.el, for the files Emacs has no mode for.  After
changing this, call `thumbindex-register'."
  :type '(alist :key-type symbol :value-type string))

(defcustom thumbindex-settings nil
  "Server settings given as a plist, merged under \"thumbindex\".
For example (:numeric t :index (:maxTitles 20)).  A variable of the group
`thumbindex-server-settings' (one per setting) that is not nil wins over it."
  :type 'plist)

;;;; The Eglot connection

(defclass thumbindex-server (thumbindex-eglot-per-buffer) ()
  :documentation "An Eglot connection to the thumbindex language server.
One serves every mode of `thumbindex-modes' in a project, each buffer
with the languageId of its mode.")

(defun thumbindex--language-id (&optional mode)
  "The languageId of MODE (default: the current buffer's), or nil.
That of the first entry of `thumbindex-modes' MODE is or derives from."
  (let ((mode (or mode major-mode)))
    (cdr (seq-find (lambda (entry) (provided-mode-derived-p mode (car entry)))
                   thumbindex-modes))))

(cl-defmethod thumbindex-eglot-buffer-language-id ((_server thumbindex-server))
  "The languageId of the current buffer's mode in `thumbindex-modes'."
  (thumbindex--language-id))

(cl-defmethod eglot-handle-notification
  ((server thumbindex-server) (_method (eql window/logMessage)) &key type message
   &allow-other-keys)
  "Keep what SERVER said (a MESSAGE of TYPE) of a document it serves.
See `thumbindex--logged'.  An error in it is a message, not the end of
the notification's handling."
  (with-demoted-errors "thumbindex: what the server said: %S"
    (thumbindex--logged server type message))
  (cl-call-next-method))

(cl-defmethod eglot-initialization-options ((_server thumbindex-server))
  "Send the server settings: see `thumbindex--settings'."
  (thumbindex--settings))

(defun thumbindex--contact (&optional _interactive)
  "The Eglot contact of the server: its class, program and arguments."
  `(thumbindex-server ,thumbindex-program ,@thumbindex-program-args))

(defun thumbindex--our-entry-p (entry)
  "Non-nil when ENTRY of `eglot-server-programs' was put there by this package."
  (eq (cdr entry) #'thumbindex--contact))

;;;###autoload
(defun thumbindex-register ()
  "Put an entry for `thumbindex-modes' at the front of `eglot-server-programs'.
One entry for all the modes, each with its languageId, so that Eglot
starts one server in a project for all of them."
  (interactive)
  (thumbindex-unregister)
  (push (cons (mapcar (lambda (mode) (list (car mode) :language-id (cdr mode)))
                      thumbindex-modes)
              #'thumbindex--contact)
        eglot-server-programs))

(defun thumbindex-unregister ()
  "Remove the entry of `thumbindex-register' from `eglot-server-programs'."
  (interactive)
  (setq eglot-server-programs
        (cl-remove-if #'thumbindex--our-entry-p eglot-server-programs)))

;;;###autoload
(defun thumbindex-start ()
  "Start thumbindex for the current buffer with Eglot, asking nothing.
A buffer in `fundamental-mode' (a file without an extension, or with
one Emacs has no mode for) is put in `text-mode' first, and read as
plain text, as the thumbindex command reads such a file."
  (interactive)
  (when (eq major-mode 'fundamental-mode)
    (text-mode)
    (message "thumbindex: %s is read as plain text (text-mode)" (buffer-name)))
  (unless (thumbindex--language-id)
    (user-error "ThumbIndex does not serve %s (see `thumbindex-modes')"
                major-mode))
  (unless (bound-and-true-p thumbindex-mode) (thumbindex-mode 1))
  (unless (eglot-current-server)
    (apply #'eglot (thumbindex-eglot-call 'guess-contact))))

(defvar-local thumbindex--workspace-server nil
  "In a `thumbindex-workspace' buffer (not Eglot's): the server it asks.")
(declare-function thumbindex--workspace-scoped "thumbindex-workspace" (method params))

(defun thumbindex--server ()
  "The thumbindex server of the current buffer, or a `user-error'."
  (let ((server (or thumbindex--workspace-server (eglot-current-server))))
    (unless (cl-typep server 'thumbindex-server)
      (user-error "No thumbindex server here: M-x thumbindex-start"))
    (unless (jsonrpc-running-p server)
      (user-error "The thumbindex server of this buffer has stopped: M-x thumbindex-start"))
    server))

(defvar thumbindex--interruptible nil
  "Non-nil while requests give up when a key is typed.
Then `thumbindex--request' throws `thumbindex--cancelled' instead of
waiting on (the outline made again after an edit, in a timer).")

(defun thumbindex--scoped (method params)
  "The (METHOD . PARAMS) to send for METHOD with PARAMS from this buffer.
A document's, once its pending edits are sent; in a workspace buffer the
workspace's request (`thumbindex--workspace-scoped')."
  (if thumbindex--workspace-server
      (thumbindex--workspace-scoped method params)
    (thumbindex-eglot-call 'send-changes)
    (cons method params)))

(defun thumbindex--request (method params)
  "Request METHOD with PARAMS, once the pending edits are sent.
Return the result."
  (pcase-let ((server (thumbindex--server))
              (`(,method . ,params) (thumbindex--scoped method params)))
    (if (not thumbindex--interruptible)
        (jsonrpc-request server method params)
      (let ((result (jsonrpc-request server method params :cancel-on-input t
                                     :cancel-on-input-retval 'thumbindex--cancelled)))
        (when (eq result 'thumbindex--cancelled)
          (throw 'thumbindex--cancelled nil))
        result))))

(defun thumbindex--request-async (method params success failure)
  "Request METHOD with PARAMS, once the pending edits are sent; do not wait.
SUCCESS is called with the result, FAILURE with the error, a plist with
:code and :message (:message only, when no answer came in time)."
  (pcase-let ((server (thumbindex--server))
              (`(,method . ,params) (thumbindex--scoped method params)))
    (jsonrpc-async-request server method params
                           :success-fn success
                           :error-fn failure
                           :timeout-fn (lambda () (funcall failure '(:message "no answer in time"))))))

(defun thumbindex--document ()
  "The TextDocumentIdentifier of the current buffer (nil in a workspace buffer)."
  (unless thumbindex--workspace-server (thumbindex-eglot-call 'document)))

(defun thumbindex--start (range)
  "Return the point where the LSP RANGE begins in the current buffer.
Eglot converts the column from the encoding the server chose."
  (thumbindex-eglot-call 'position-to-point (plist-get range :start)))

(defun thumbindex--list (value)
  "VALUE (a JSON array: a vector, or a list) as a list."
  (append value nil))

;;;; imenu, and completion in the server's order

(defun thumbindex--ordered-table (candidates)
  "A completion table of CANDIDATES (strings, or an alist) in their order.
Its metadata's display-sort-function and cycle-sort-function are `identity',
so the completion UI does not sort them by code point (# first, Ä before Å)."
  (lambda (string predicate action)
    (if (eq action 'metadata)
        '(metadata (display-sort-function . identity)
                   (cycle-sort-function . identity))
      (complete-with-action action candidates string predicate))))

(defconst thumbindex--imenu-options
  '(imenu-space-replacement imenu-sort-function imenu-max-item-length imenu-flatten)
  "The imenu options that are nil in the buffers thumbindex manages.
So no space of a name becomes a dot in imenu's completion, the menu is
not re-sorted, no long name is cut, no section is flattened (Emacs 30).")

(defvar-local thumbindex--saved-imenu-options nil
  "The buffer's own (VARIABLE LOCAL-P VALUE) of `thumbindex--imenu-options'.")

(defun thumbindex--set-imenu-options (managed)
  "Make `thumbindex--imenu-options' nil when MANAGED, else give them back."
  (cond ((and managed (not thumbindex--saved-imenu-options))
         (dolist (var (seq-filter #'boundp thumbindex--imenu-options))
           (push (list var (local-variable-p var) (symbol-value var))
                 thumbindex--saved-imenu-options)
           (set (make-local-variable var) nil)))
        ((not managed)
         (pcase-dolist (`(,var ,local ,value) thumbindex--saved-imenu-options)
           (if local (set var value) (kill-local-variable var)))
         (setq thumbindex--saved-imenu-options nil))))

(defun thumbindex--imenu-item (symbol)
  "The imenu item of DocumentSymbol SYMBOL: its name and position."
  (cons (plist-get symbol :name)
        (thumbindex--start (plist-get symbol :selectionRange))))

(defun thumbindex--imenu-index (symbols)
  "An imenu index of the DocumentSymbols SYMBOLS grouped in sections.
Each section becomes a submenu of its entries; a symbol without children
stays an item of its own."
  (mapcar (lambda (symbol)
            (let ((children (thumbindex--list (plist-get symbol :children))))
              (if children
                  (cons (plist-get symbol :name)
                        (mapcar #'thumbindex--imenu-item children))
                (thumbindex--imenu-item symbol))))
          (thumbindex--list symbols)))

(defun thumbindex-imenu ()
  "The imenu index of the current buffer.
A submenu per section, with the section's entries sorted in it.  A
document without entries of which the server said something (a syntax
error) has an item for each thing said, at the place it names."
  (when (cl-typep (eglot-current-server) 'thumbindex-server)
    (or (thumbindex--imenu-index
         (thumbindex--request :textDocument/documentSymbol
                              `(:textDocument ,(thumbindex--document))))
        (thumbindex--problem-items))))

(defun thumbindex--managed-p ()
  "Non-nil when thumbindex manages the current buffer through Eglot."
  (and (eglot-managed-p)
       (cl-typep (eglot-current-server) 'thumbindex-server)))

(defun thumbindex--manage (managed)
  "In the current buffer: `thumbindex-imenu' and imenu options nil when MANAGED.
Else give imenu its own back."
  (if managed
      (add-function :before-until (local 'imenu-create-index-function)
                    #'thumbindex-imenu)
    (remove-function (local 'imenu-create-index-function) #'thumbindex-imenu))
  (thumbindex--set-imenu-options managed))

(defun thumbindex--managed-mode-hook ()
  "In managed buffers: `thumbindex-imenu', `thumbindex--imenu-options' nil."
  (thumbindex--manage (thumbindex--managed-p)))

(defun thumbindex--imenu-choose (choose &rest args)
  "Call CHOOSE, `imenu-choose-buffer-index', with ARGS, in the server's order.
In a buffer thumbindex manages, imenu's `completing-read' gets the index
alist as a `thumbindex--ordered-table', not sorted by code point."
  (let* ((read completing-read-function)
         (completing-read-function
          (if (not (thumbindex--managed-p))
              read
            (lambda (prompt table &rest rest)
              (when (listp table) (setq table (thumbindex--ordered-table table)))
              (apply read prompt table rest)))))
    (apply choose args)))

;;;; Jumping

(defun thumbindex--sections ()
  "The thumbindex/sections answer for the current buffer."
  (thumbindex--request :thumbindex/sections
                       `(:textDocument ,(thumbindex--document))))

(defun thumbindex--titles ()
  "The section index titles of the current buffer."
  (thumbindex--list (plist-get (thumbindex--sections) :sectionIndexTitles)))

(defun thumbindex--jump-request (title)
  "The thumbindex/jump answer for index title TITLE in the current buffer."
  (thumbindex--request :thumbindex/jump
                       `(:textDocument ,(thumbindex--document)
                                       :indexTitle ,title)))

(defun thumbindex--resolve-title (title titles)
  "The index title among TITLES that TITLE means (itself, or in upper case)."
  (cond ((member title titles) title)
        ((member (upcase title) titles) (upcase title))
        (t (user-error "%s is not an index title here; they are %s"
                       title (string-join titles " ")))))

(defun thumbindex--jump-to (title)
  "Move point to the first entry of the section of index title TITLE.
Return the server's answer, or nil when the document has no entries."
  (let ((result (thumbindex--jump-request
                 (thumbindex--resolve-title title (thumbindex--titles)))))
    (cond ((null result)
           (message "No entries to jump to%s"
                    (mapconcat (lambda (text) (concat "; " text)) (thumbindex--why-empty) ""))
           nil)
          ((eq t (plist-get result :search)) (goto-char (point-min)) result)
          (t (push-mark nil t)
             (goto-char (thumbindex--start
                         (plist-get (plist-get result :location) :range)))
             result))))

;;;###autoload
(defun thumbindex-jump (title)
  "Jump to the first entry of the section of index title TITLE.
Interactively, TITLE is read with completion from the document's thumb
index.  A letter without entries goes to the nearest section before it."
  (interactive
   (list (completing-read "Index title: "
                          (thumbindex--ordered-table (thumbindex--titles)) nil t)))
  (thumbindex--jump-to title))

;;;; Turning it on and off

(defvar thumbindex--added-file-modes nil
  "The entries `thumbindex-mode' added to `auto-mode-alist', to take back.")

(defun thumbindex--each-managed-buffer (function)
  "Call FUNCTION in each buffer Eglot manages."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when (eglot-managed-p) (funcall function)))))

;;;###autoload
(define-minor-mode thumbindex-mode
  "Serve the modes of `thumbindex-modes' by the thumbindex server, with Eglot.
Turned on, it registers the server in `eglot-server-programs'
\(`thumbindex-register'), gives the modes of thumbindex-formats.el the file
extensions Emacs has no mode for (`thumbindex-add-file-modes'), and makes
imenu show the sectioned outline, in the server's order, in the buffers
the server manages.  Turned off, it takes each of these back.  Loading
thumbindex.el does none of them: put (thumbindex-mode 1) in your init
file, or `M-x thumbindex-start' turns it on."
  :global t
  :group 'thumbindex
  (if thumbindex-mode
      (let ((before auto-mode-alist))
        (add-hook 'eglot-managed-mode-hook #'thumbindex--managed-mode-hook)
        (advice-add 'imenu-choose-buffer-index :around #'thumbindex--imenu-choose)
        (thumbindex-register)
        (thumbindex-add-file-modes)
        (setq thumbindex--added-file-modes
              (seq-remove (lambda (entry) (memq entry before)) auto-mode-alist))
        (thumbindex--each-managed-buffer #'thumbindex--managed-mode-hook)
        (thumbindex-eglot-warn))
    (remove-hook 'eglot-managed-mode-hook #'thumbindex--managed-mode-hook)
    (advice-remove 'imenu-choose-buffer-index #'thumbindex--imenu-choose)
    (thumbindex-unregister)
    (setq auto-mode-alist (seq-remove (lambda (entry) (memq entry thumbindex--added-file-modes))
                                      auto-mode-alist))
    (setq thumbindex--added-file-modes nil)
    (thumbindex--each-managed-buffer (lambda () (thumbindex--manage nil)))))

(defun thumbindex-unload-function ()
  "Turn `thumbindex-mode' off, then unload as usual."
  (when thumbindex-mode (thumbindex-mode -1))
  nil)

(provide 'thumbindex)
;;; thumbindex.el ends here
