;;; thumbindex-server-settings.el --- The thumbindex server's settings, one variable each -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; One customization variable per setting of Protocol/schemas/settings.json
;; (the tests check that they are the same), and what is sent of them as
;; initializationOptions.  thumbindex.el loads this; see its Commentary.

;;; Code:

(require 'subr-x)

(defvar thumbindex-settings)

;;;; Server settings

(defgroup thumbindex-server-settings nil
  "The settings of the thumbindex server, one variable each.
They are those of Protocol/schemas/settings.json, and only those (the tests
check), each named `thumbindex-' and its key, each dot and each capital
letter starting a new hyphenated word: vcard.familyNameFirst is
`thumbindex-vcard-family-name-first'.  nil leaves a setting to the server (it
is not sent); for a boolean, t is true and :json-false false.  They are sent
as initializationOptions when the server starts: change them, then
`M-x eglot-reconnect'.  The group `thumbindex' has this package's own."
  :group 'thumbindex
  :prefix "thumbindex-")

(defconst thumbindex--setting-keys
  '("style" "outline.grouping" "locale" "numeric" "caseFirst" "readings"
    "names" "index.includeSearch" "index.maxTitles" "csv.column"
    "csv.readingColumns" "vcard.familyNameFirst" "localization.tables"
    "ctags.path" "workspace.index" "workspace.languages")
  "The keys of the server settings, as Protocol/schemas/settings.json has them.
Sent in this order, each from its variable (`thumbindex--setting-variable').")

(defun thumbindex--setting-variable (key)
  "The variable of the server setting KEY, such as \"vcard.familyNameFirst\".
It is `thumbindex-' and KEY, each dot and each capital letter starting a new
hyphenated word: `thumbindex-vcard-family-name-first'."
  (let ((case-fold-search nil))
    (intern (concat "thumbindex-"
                    (downcase
                     (replace-regexp-in-string
                      "\\." "-"
                      (replace-regexp-in-string
                       "\\([[:lower:][:digit:]]\\)\\([[:upper:]]\\)" "\\1-\\2"
                       key t)))))))

(defconst thumbindex--boolean-type
  '(choice (const :tag "The server's default" nil)
           (const :tag "True" t)
           (const :tag "False" :json-false))
  "The customization type of a boolean server setting.")

(defcustom thumbindex-locale nil
  "The locale to sort and section by, such as \"sv_SE\" or \"ja_JP\".
nil lets the server take it from LC_ALL, LC_COLLATE or LANG."
  :type '(choice (const :tag "From the environment" nil) string)
  :group 'thumbindex-server-settings)

(defcustom thumbindex-style "apple"
  "How sections are made.
\"apple\": A-Z, then the locale's own letters, then #.
\"icu\": ICU's own buckets and labels."
  :type '(choice (const "apple") (const "icu"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-outline-grouping "sections"
  "What textDocument/documentSymbol returns, and so what imenu shows.
\"sections\": a submenu per section with its entries, sorted.  \"sorted\":
one flat sorted list.  \"document\": the entries in document order."
  :type '(choice (const "sections") (const "sorted") (const "document"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-numeric nil
  "Whether digits compare by numeric value (\"File 9\" before \"File 10\").
nil: the locale's default (off)."
  :type thumbindex--boolean-type
  :group 'thumbindex-server-settings)

(defcustom thumbindex-case-first nil
  "Which case sorts first among otherwise equal strings.
nil: the locale's default."
  :type '(choice (const :tag "The locale's" nil)
                 (const "off") (const "lower") (const "upper"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-readings nil
  "Under a Japanese locale, how names in kanji sort and section.
\"auto\": by MeCab readings (近藤 under か; libmecab2, mecab-ipadic-utf8).
\"off\": as ICU has them, under #.  nil: the server's default (\"auto\")."
  :type '(choice (const :tag "The server's (auto)" nil) (const "auto") (const "off"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-names nil
  "Under a Chinese pinyin or zhuyin locale, which entries are people's names.
A name is filed under its surname's reading (曾国藩 under Z for Zēng, not C).
\"auto\": a vCard's contacts and a csv or tsv table whose header names
people or has reading columns.  \"on\": also every line of plain text and
every table row.  \"off\": none.  nil: the server's default (\"auto\")."
  :type '(choice (const :tag "The server's (auto)" nil)
                 (const "auto") (const "on") (const "off"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-index-include-search nil
  "Whether the index titles start with the {search} entry.
nil: the server's default (false)."
  :type thumbindex--boolean-type
  :group 'thumbindex-server-settings)

(defcustom thumbindex-index-max-titles nil
  "Condense the index titles to at most this many (bullets for elided runs).
nil: no condensing."
  :type '(choice (const :tag "No condensing" nil) natnum)
  :group 'thumbindex-server-settings)

(defcustom thumbindex-csv-column nil
  "In csv and tsv files, the column that names a row.
A 0-based index or a header name; nil: the first column."
  :type '(choice (const :tag "The first column" nil)
                 (natnum :tag "Index") (string :tag "Header name"))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-csv-reading-columns nil
  "In csv and tsv files, the columns holding how a row's name is read.
A phonetic name, furigana or pinyin: a list of 0-based indexes or header
names, joined in the order given, such as (\"Yomi Name\").  nil: the
columns whose header titles say so (Yomi Name, フリガナ, 拼音, Pinyin...)."
  :type '(choice (const :tag "Found by header titles" nil)
                 (repeat (choice (natnum :tag "Index") (string :tag "Header name"))))
  :group 'thumbindex-server-settings)

(defcustom thumbindex-vcard-family-name-first nil
  "In vCard files, whether people collate by \"family given\".
:json-false: by \"given family\".  nil: the server's default (true)."
  :type thumbindex--boolean-type
  :group 'thumbindex-server-settings)

(defcustom thumbindex-localization-tables nil
  "Paths of .strings or .xcstrings tables, or of folders of <lang>.lproj.
An entry whose name is a key of the table for the outline's language is
shown and sorted by its localized value.  nil: none."
  :type '(repeat string)
  :group 'thumbindex-server-settings)

(defcustom thumbindex-ctags-path nil
  "The Universal Ctags program, for source files.
nil: ctags on PATH."
  :type '(choice (const :tag "ctags on PATH" nil) string)
  :group 'thumbindex-server-settings)

(defcustom thumbindex-workspace-index nil
  "Whether the server reads the files of the workspace folder (not / or ~).
For `thumbindex-workspace' and `xref-find-apropos'; read when the server
starts.  nil: the server's default (true)."
  :type thumbindex--boolean-type
  :group 'thumbindex-server-settings)

(defcustom thumbindex-workspace-languages nil
  "The formats of the workspace's files the server reads, by languageId.
For example (\"markdown\" \"vcard\" \"python\"); source code is read
through ctags.  nil: the server's default (contacts, Markdown, tables,
localization tables and plain text)."
  :type '(repeat string)
  :group 'thumbindex-server-settings)

(defun thumbindex--plist-p (value)
  "Non-nil when VALUE is a plist (a nested group of settings)."
  (and (consp value) (keywordp (car value))))

(defun thumbindex--put-setting (settings key value)
  "SETTINGS with VALUE at the dotted KEY, as nested plists."
  (let* ((parts (split-string key "\\."))
         (name (intern (concat ":" (car parts)))))
    (plist-put settings name
               (if (cdr parts)
                   (thumbindex--put-setting (plist-get settings name)
                                            (string-join (cdr parts) ".")
                                            value)
                 value))))

(defun thumbindex--merge-settings (settings extra)
  "SETTINGS with what the plist EXTRA has and SETTINGS has not, nested."
  (let ((result (copy-tree settings)))
    (while extra
      (let* ((name (pop extra))
             (value (pop extra))
             (mine (plist-member result name)))
        (cond ((not mine)
               (setq result (append result (list name value))))
              ((and (thumbindex--plist-p (cadr mine)) (thumbindex--plist-p value))
               (setq result (plist-put result name (thumbindex--merge-settings
                                                    (cadr mine) value)))))))
    result))

(defun thumbindex--settings ()
  "The initializationOptions sent to the server, under :thumbindex.
Each server setting whose variable is not nil, nested by its key (lists
become JSON arrays), then what `thumbindex-settings' adds."
  (let (settings)
    (dolist (key thumbindex--setting-keys)
      (let ((value (symbol-value (thumbindex--setting-variable key))))
        (when value
          (setq settings (thumbindex--put-setting
                          settings key
                          (if (consp value) (vconcat value) value))))))
    (list :thumbindex (thumbindex--merge-settings settings thumbindex-settings))))

(provide 'thumbindex-server-settings)
;;; thumbindex-server-settings.el ends here
