;;; thumbindex-problems.el --- What the server said of a document -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; A document the thumbindex server cannot read (a JSON file with a syntax
;; error, a languageId it has no reader for) has no entries, and the
;; server says why with `window/logMessage' (Protocol/README.md): once per
;; version of the document, naming its uri, e.g.
;;
;;   file:///home/ana/data.json:2:1: expected a value, found the end of the input
;;
;; Eglot shows those messages nowhere but its events buffer.  The server
;; class of thumbindex.el hands each to `thumbindex--logged', which keeps
;; an error or a warning in the buffer of the document it names, with the
;; version the buffer has; `thumbindex--why-empty' gives them back for a
;; version, so that imenu (`thumbindex--problem-items') and
;; `thumbindex-outline' say why a document has no entries, and where.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'eglot)
(require 'thumbindex-eglot)

(declare-function thumbindex--language-id "thumbindex" (&optional mode))

(defvar-local thumbindex--problems nil
  "What the server said of this buffer's document: (VERSION PROBLEM...).
Each PROBLEM is (TEXT LINE COLUMN): the message with the document named
by the buffer's name, and the 1-based line and column it names (or nil).")

(defvar thumbindex--unread (make-hash-table :test #'eq :weakness 'key)
  "The languageIds each server said it reads no entries of, by server.
It says so once a session, of the first document of the languageId.")

(defun thumbindex--uri-place-regexp (uri)
  "A regexp of URI as the server names a document in a message, at its start.
Group 1 is the line and group 2 the column that may follow it."
  (concat "\\`" (regexp-quote uri) ":\\([0-9]+\\)\\(?::\\([0-9]+\\)\\)?:"))

(defun thumbindex--names-uri-p (message uri)
  "Non-nil when MESSAGE names the document URI (not one whose uri starts so)."
  (string-match-p (concat (regexp-quote uri) "\\(?:[:) ]\\|\\'\\)") message))

(defun thumbindex--problem (message uri)
  "The problem (TEXT LINE COLUMN) of MESSAGE about URI, in the current buffer."
  (let ((place (and (string-match (thumbindex--uri-place-regexp uri) message)
                    (list (string-to-number (match-string 1 message))
                          (and (match-string 2 message)
                               (string-to-number (match-string 2 message)))))))
    (cons (replace-regexp-in-string (regexp-quote uri) (buffer-name) message t t)
          (or place (list nil nil)))))

(defun thumbindex--keep (version problem)
  "Keep PROBLEM of VERSION of the current buffer's document.
What was kept of another version is forgotten."
  (unless (and thumbindex--problems (equal version (car thumbindex--problems)))
    (setq thumbindex--problems (list version)))
  (unless (member problem (cdr thumbindex--problems))
    (setq thumbindex--problems (append thumbindex--problems (list problem)))))

(defun thumbindex--logged (server type message)
  "Keep MESSAGE, logged by SERVER with TYPE, in the buffers it names.
An error or a warning (TYPE 1 or 2) that names the uri of a buffer
SERVER manages is kept there, with the version the buffer has (see
`thumbindex--problems'); a languageId it says it reads no entries of
\(\"no entries for languageId X (uri)\"), in `thumbindex--unread'."
  (when (and (memq type '(1 2)) (stringp message))
    (when (string-match "\\`no entries for languageId \\([^ ]+\\) (" message)
      (cl-pushnew (match-string 1 message) (gethash server thumbindex--unread) :test #'equal))
    (dolist (buffer (buffer-list))
      (with-current-buffer buffer
        (when (and (eglot-managed-p) (eq (eglot-current-server) server))
          (let* ((document (thumbindex-eglot-call 'versioned-document))
                 (uri (plist-get document :uri)))
            (when (thumbindex--names-uri-p message uri)
              (thumbindex--keep (plist-get document :version)
                                (thumbindex--problem message uri)))))))))

(defun thumbindex--version ()
  "The version of the current buffer's document as the server has it."
  (plist-get (thumbindex-eglot-call 'versioned-document) :version))

(defun thumbindex--problems-of (version)
  "The problems kept of VERSION of the current buffer's document."
  (and thumbindex--problems (equal version (car thumbindex--problems))
       (cdr thumbindex--problems)))

(defun thumbindex--why-empty (&optional version)
  "Why the current buffer's document of VERSION has no entries, as sentences.
VERSION defaults to the buffer's.  What the server said of it, and
whether the server said it reads no entries of its languageId (said
once a session, of the first document).  nil when it said nothing."
  (let* ((said (mapcar #'car (thumbindex--problems-of (or version (thumbindex--version)))))
         (server (eglot-current-server))
         (id (thumbindex--language-id))
         (unread (and id server (member id (gethash server thumbindex--unread)))))
    (append said
            (and unread
                 (not (seq-some (lambda (text) (string-search (concat "languageId " id " ") text))
                                said))
                 (list (format "no entries for languageId %s (%s): see `thumbindex-modes'"
                               id (buffer-name)))))))

(defun thumbindex--problem-position (line column)
  "The position of LINE and COLUMN (1-based, nil: the start) in the current buffer."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (when line
        (forward-line (1- line))
        (when column
          (goto-char (min (+ (point) (max 0 (1- column))) (line-end-position)))))
      (point))))

(defun thumbindex--problem-items ()
  "imenu items of what the server said of the buffer's document: (TEXT . POSITION).
For its version now; at the place each names, else at the start."
  (let ((problems (thumbindex--problems-of (thumbindex--version))))
    (if problems
        (mapcar (pcase-lambda (`(,text ,line ,column))
                  (cons text (thumbindex--problem-position line column)))
                problems)
      (mapcar (lambda (text) (cons text (point-min))) (thumbindex--why-empty)))))

(provide 'thumbindex-problems)
;;; thumbindex-problems.el ends here
