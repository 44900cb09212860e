;;; thumbindex-formats.el --- Major modes for the formats ThumbIndex reads -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The thumbindex server reads plain text, Markdown, CSV, TSV, vCard,
;; .strings, .xcstrings, JSON and YAML.  Emacs 28 has a mode for text
;; only: .json opens in `js-mode', the others in `fundamental-mode' (or in
;; `csv-mode', `yaml-mode', `markdown-mode' when those packages are
;; installed).  Eglot serves a buffer by its major mode, so this file
;; defines a small mode for each format, derived from `text-mode' (and
;; `js-mode' for the two JSON formats), and `thumbindex-add-file-modes'
;; (called by `thumbindex-mode', not when this file is loaded) gives each
;; its files by extension wherever Emacs has no mode of its own
;; for them: a mode another package gives an extension (`csv-mode' for
;; .csv, `yaml-mode' or `yaml-ts-mode' for .yaml, `js-json-mode' or
;; `json-mode' for .json) is left in place and served as it is (see
;; `thumbindex-modes').

;;; Code:

(require 'js)

(define-derived-mode thumbindex-markdown-mode text-mode "Markdown"
  "A mode for Markdown files, so that ThumbIndex serves them.
Install `markdown-mode' (Debian: elpa-markdown-mode) for the real one;
it is served as well.")

(define-derived-mode thumbindex-vcard-mode text-mode "vCard"
  "A mode for vCard files (.vcf), so that ThumbIndex serves them.")

(define-derived-mode thumbindex-yaml-mode text-mode "YAML"
  "A mode for YAML files, so that ThumbIndex serves them."
  (setq-local comment-start "# "))

(define-derived-mode thumbindex-strings-mode text-mode "Strings"
  "A mode for Apple .strings files, so that ThumbIndex serves them."
  (setq-local comment-start "/* ")
  (setq-local comment-end " */"))

(define-derived-mode thumbindex-csv-mode text-mode "CSV"
  "A mode for CSV files, so that ThumbIndex serves them.
Install `csv-mode' (Debian: elpa-csv-mode) for columns and alignment;
it is served as well."
  (setq truncate-lines t))

(define-derived-mode thumbindex-tsv-mode thumbindex-csv-mode "TSV"
  "A mode for TSV files, so that ThumbIndex serves them.")

(define-derived-mode thumbindex-json-mode js-mode "JSON"
  "A mode for JSON files, so that ThumbIndex serves them.
Emacs 28 opens JSON in `js-mode' (Emacs 29 has `js-json-mode')."
  (setq-local js-indent-level 2))

(define-derived-mode thumbindex-xcstrings-mode thumbindex-json-mode "XCStrings"
  "A mode for Xcode string catalogs (.xcstrings), so that ThumbIndex serves them.")

(defcustom thumbindex-file-modes
  '(("md" . thumbindex-markdown-mode) ("markdown" . thumbindex-markdown-mode)
    ("vcf" . thumbindex-vcard-mode) ("vcard" . thumbindex-vcard-mode)
    ("yaml" . thumbindex-yaml-mode) ("yml" . thumbindex-yaml-mode)
    ("strings" . thumbindex-strings-mode)
    ("xcstrings" . thumbindex-xcstrings-mode)
    ("json" . thumbindex-json-mode)
    ("csv" . thumbindex-csv-mode)
    ("tsv" . thumbindex-tsv-mode) ("tab" . thumbindex-tsv-mode))
  "File extensions (lower case) and the modes thumbindex gives them.
Each is added to `auto-mode-alist' (by `thumbindex-add-file-modes')
only where Emacs has no mode for the extension, or only the fallback
of `thumbindex-fallback-modes', when `thumbindex-mode' is turned on (and
taken back when it is turned off).  Set it before (nil adds none)."
  :type '(alist :key-type string :value-type function)
  :group 'thumbindex)

(defcustom thumbindex-fallback-modes '(fundamental-mode js-mode javascript-mode)
  "Modes that do not count as Emacs having a mode for a file extension.
Emacs 28 opens .json in `js-mode', which knows nothing of JSON."
  :type '(repeat function)
  :group 'thumbindex)

(defun thumbindex--auto-mode (file-name)
  "The mode `auto-mode-alist' gives FILE-NAME, or nil.
As `set-auto-mode' looks it up: case-sensitively, then not."
  (let ((found (or (assoc-default file-name auto-mode-alist #'string-match)
                   (let ((case-fold-search t))
                     (assoc-default file-name auto-mode-alist #'string-match)))))
    (if (consp found) (car found) found)))

(defun thumbindex-add-file-modes ()
  "Give the modes of `thumbindex-file-modes' their extensions where Emacs has none.
An extension that another mode has already (`csv-mode' for .csv) keeps
it.  Return the extensions added."
  (let (added)
    (pcase-dolist (`(,extension . ,mode) thumbindex-file-modes)
      (let ((now (thumbindex--auto-mode (concat "file." extension))))
        (when (or (null now) (eq now mode) (memq now thumbindex-fallback-modes))
          (unless (eq now mode)
            (add-to-list 'auto-mode-alist
                         (cons (concat "\\." (regexp-quote extension) "\\'") mode)))
          (push extension added))))
    (nreverse added)))

(provide 'thumbindex-formats)
;;; thumbindex-formats.el ends here
