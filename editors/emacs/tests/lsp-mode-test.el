;;; lsp-mode-test.el --- lsp-mode's breadcrumbs on thumbindex's sections -*- lexical-binding: t; -*-

;;; Commentary:

;; From the repository root (needs lsp-mode: `apt-get install elpa-lsp-mode'):
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex \
;;     emacs --batch -l editors/emacs/tests/lsp-mode-test.el -f ert-run-tests-batch-and-exit
;;
;; lsp-mode, not Eglot and not thumbindex.el: the server registered as a plain lsp-mode
;; client, started on a temporary file (`text-mode', languageId plaintext), and the
;; symbols segment of `lsp-headerline-breadcrumb-mode' read on every line.  lsp-mode finds
;; the symbol at point by taking the first top-level symbol whose range holds point, then
;; the same among its children; these tests check that with the server's section ranges
;; (Protocol/README.md, "Section ranges") the breadcrumb of an entry's line names the
;; entry's own section or no section, never another one.  The client is registered for
;; every format the server reads (the files lsp-mode has no languageId for by their
;; names), and files of nine formats in one folder share one server process, each read as
;; its format; a broken JSON file's reason is in lsp-mode's log.  Every wait is bounded;
;; nothing is downloaded (no other lsp-mode client is loaded or enabled).

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'subr-x)
(require 'lsp-mode)
(require 'lsp-headerline)
(require 'lsp-diagnostics)

(defconst thumbindex-lsp-test--root
  (expand-file-name "../../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The repository root.")

(defconst thumbindex-lsp-test--program
  (or (getenv "THUMBINDEX_BIN")
      (let ((built (expand-file-name ".build/debug/thumbindex" thumbindex-lsp-test--root)))
        (and (file-executable-p built) built))
      (executable-find "thumbindex")
      "thumbindex")
  "The server under test.")

;; lsp-mode keeps the folders it has seen in a session file: a temporary one.
(defconst thumbindex-lsp-test--session-folder (make-temp-file "thumbindex-lsp-session" t)
  "Where `lsp-session-file' is.")
(add-hook 'kill-emacs-hook
          (lambda () (delete-directory thumbindex-lsp-test--session-folder t)))

;; lsp-mode in batch: only this client, no questions, no watchers, no extras.
(setq lsp-client-packages nil
      lsp-enabled-clients '(thumbindex)
      lsp-session-file (expand-file-name "lsp-session" thumbindex-lsp-test--session-folder)
      lsp-auto-guess-root t
      lsp-restart 'ignore
      lsp-keep-workspace-alive nil
      lsp-enable-file-watchers nil
      lsp-enable-snippet nil
      lsp-response-timeout 20
      lsp-log-io nil
      lsp-progress-via-spinner nil
      lsp-headerline-breadcrumb-enable t
      lsp-headerline-breadcrumb-segments '(symbols)
      lsp-headerline-breadcrumb-icons-enable nil
      lsp-headerline-breadcrumb-enable-diagnostics nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-modeline-workspace-status-enable nil
      lsp-diagnostics-provider :none
      lsp-completion-enable nil
      lsp-enable-symbol-highlighting nil
      lsp-enable-links nil
      lsp-enable-folding nil
      lsp-enable-text-document-color nil
      lsp-enable-on-type-formatting nil
      lsp-enable-indentation nil
      lsp-before-save-edits nil
      lsp-enable-dap-auto-configure nil
      lsp-eldoc-enable-hover nil
      lsp-signature-auto-activate nil)

(add-to-list 'lsp-language-id-configuration '(text-mode . "plaintext"))
;; The formats lsp-mode has no languageId for, by file name (editors/README.md's setup).
;; Each goes to the front: .xcstrings last, so that it is looked at before .strings.
(dolist (pattern '(("\\.vcf\\'" . "vcard") ("\\.csv\\'" . "csv") ("\\.tsv\\'" . "tsv")
                   ("\\.ya?ml\\'" . "yaml") ("\\.strings\\'" . "strings")
                   ("\\.xcstrings\\'" . "xcstrings")))
  (add-to-list 'lsp-language-id-configuration pattern))

(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection (list thumbindex-lsp-test--program))
  :activation-fn (lsp-activate-on "plaintext" "markdown" "csv" "tsv" "vcard" "json" "yaml"
                                  "strings" "xcstrings")
  :initialization-options '(:thumbindex (:locale "sv_SE"))
  :server-id 'thumbindex))

;; Line by line (0-based): the entry and its sv_SE section.  Sorted, the sections are
;; A: Alva Anna Axel, B: Bertil Bo, Å: Åsa, Ä: Ärla, Ö: Örjan Östen.
(defconst thumbindex-lsp-test--scattered
  '(("Anna" . "A") ("Bertil" . "B") ("Axel" . "A") ("Bo" . "B") ("Åsa" . "Å")
    ("Östen" . "Ö") ("Örjan" . "Ö") ("Alva" . "A") ("Ärla" . "Ä"))
  "A name list out of order.")

(defconst thumbindex-lsp-test--sorted
  '(("Anna" . "A") ("Axel" . "A") ("Bertil" . "B") ("Bo" . "B") ("Åsa" . "Å") ("Östen" . "Ö"))
  "A name list already grouped by section.")

(defconst thumbindex-lsp-test--sections '("A" "B" "Å" "Ä" "Ö")
  "The section titles of both lists.")

(defun thumbindex-lsp-test--wait (predicate what &optional seconds)
  "Wait until PREDICATE returns non-nil (returned), or fail naming WHAT."
  (let ((deadline (+ (float-time) (or seconds 20))) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (ert-fail (format "timed out waiting for %s" what)))))

(defun thumbindex-lsp-test--write (name text)
  "A new file NAME in a fresh temporary folder holding TEXT."
  (let ((file (expand-file-name name (make-temp-file "thumbindex-lsp-test" t)))
        (coding-system-for-write 'utf-8-unix))
    (write-region text nil file nil 'silent)
    file))

(defun thumbindex-lsp-test--lines (lines)
  "The text of the names of LINES, one a line."
  (mapconcat (lambda (line) (concat (car line) "\n")) lines ""))

(defun thumbindex-lsp-test--initialized-p ()
  "Non-nil when the buffer's thumbindex workspace is initialized."
  (let ((workspace (car lsp--buffer-workspaces)))
    (and workspace (eq (lsp--workspace-status workspace) 'initialized))))

(defmacro thumbindex-lsp-test--with-file (lines &rest body)
  "Visit a new file of LINES in `text-mode' with lsp-mode on thumbindex; run BODY."
  (declare (indent 1))
  `(thumbindex-lsp-test--with-text "names.txt" (thumbindex-lsp-test--lines ,lines) #'text-mode
     ,@body))

(defmacro thumbindex-lsp-test--with-text (name text mode &rest body)
  "Visit a new file NAME of TEXT in MODE with lsp-mode on thumbindex; run BODY."
  (declare (indent 3))
  `(with-timeout (90 (ert-fail "the test took more than 90 s"))
     (let ((buffer (find-file-noselect (thumbindex-lsp-test--write ,name ,text)))
           process)
       (unwind-protect
           (with-current-buffer buffer
             (funcall ,mode)
             (lsp)
             (thumbindex-lsp-test--wait #'thumbindex-lsp-test--initialized-p
                                        "the lsp-mode workspace to be initialized")
             (setq process (lsp--workspace-proc (car lsp--buffer-workspaces)))
             (should (eq (lsp--client-server-id (lsp--workspace-client (car lsp--buffer-workspaces)))
                         'thumbindex))
             (should (lsp-feature? "textDocument/documentSymbol"))
             ;; `lsp-configure-hook' turns the breadcrumb on once the server is initialized.
             (thumbindex-lsp-test--wait (lambda () lsp-headerline-breadcrumb-mode)
                                        "lsp-headerline-breadcrumb-mode")
             ;; The symbols, asked for synchronously (bounded by `lsp-response-timeout');
             ;; the breadcrumb then uses them, as the buffer has not changed.
             (thumbindex-lsp-test--wait #'lsp--get-document-symbols "document symbols")
             ,@body)
         ;; The last buffer of the workspace closes: lsp-mode shuts the server down.
         (with-current-buffer buffer (set-buffer-modified-p nil))
         (let ((folder (file-name-directory (buffer-file-name buffer))))
           (kill-buffer buffer)
           (delete-directory folder t))
         (when process
           (let ((deadline (+ (float-time) 10)))
             (while (and (process-live-p process) (< (float-time) deadline))
               (accept-process-output nil 0.05)))
           (when (process-live-p process)
             (message "lsp-mode-test: the server did not exit after shutdown; deleting it")
             (delete-process process)))))))

(defun thumbindex-lsp-test--breadcrumb ()
  "The names in the breadcrumb at point, as the header line shows them.
What lsp-mode runs when point rests (`lsp-on-idle-hook'), then the
string the header line's `:eval' shows (`format-mode-line' gives
\"\" in batch Emacs, so the construct is read here)."
  (should (member '(t (:eval lsp-headerline--string)) header-line-format))
  (lsp-headerline--check-breadcrumb)
  (let ((text (string-trim (substring-no-properties (or lsp-headerline--string "")))))
    ;; The segment starts with the separator; symbols are joined by it (">" without icons).
    (split-string text "\\s-*>\\s-*" t "\\s-+")))

(defun thumbindex-lsp-test--crumbs (lines)
  "The breadcrumb on each of LINES, printed: (LINE ENTRY SECTION AT-START AT-END).
AT-START and AT-END are the names shown with point at the start and at
the end of the line."
  (cl-loop for (entry . section) in lines
           for line from 0
           collect (progn
                     (goto-char (point-min))
                     (forward-line line)
                     (should (looking-at (regexp-quote entry)))
                     (let ((at-start (thumbindex-lsp-test--breadcrumb))
                           (at-end (progn (end-of-line) (thumbindex-lsp-test--breadcrumb))))
                       (message "  line %d %-7s (%s): breadcrumb %S, at the end of the line %S"
                                line entry section
                                (mapconcat #'identity at-start " > ")
                                (mapconcat #'identity at-end " > "))
                       (list line entry section at-start at-end)))))

(defun thumbindex-lsp-test--no-other-section (crumbs)
  "Check that no breadcrumb of CRUMBS names a section other than its entry's."
  (pcase-dolist (`(,line ,entry ,section . ,breadcrumbs) crumbs)
    (dolist (breadcrumb breadcrumbs)
      (let ((others (cl-intersection breadcrumb (remove section thumbindex-lsp-test--sections)
                                     :test #'equal)))
        (should (equal (list line entry others) (list line entry nil)))))))

(ert-deftest thumbindex-lsp-test-breadcrumbs-scattered ()
  "Out of order: every breadcrumb names the entry's own section or none.
The first entry of each section (in sorted order) and the entries
next to it in the document without another section between them
show \"section > entry\"; the other lines (Anna, Axel, Bo) show no
section -- the known limit of one range per section: A's entries
are on lines 0, 2 and 7, and no range holding two of them can
leave out the B entry between them."
  (thumbindex-lsp-test--with-file thumbindex-lsp-test--scattered
    (should (equal (mapcar #'lsp:document-symbol-name (lsp--get-document-symbols))
                   thumbindex-lsp-test--sections))
    (let ((crumbs (thumbindex-lsp-test--crumbs thumbindex-lsp-test--scattered)))
      (thumbindex-lsp-test--no-other-section crumbs)
      (pcase-dolist (`(,line ,entry ,section ,at-start ,at-end) crumbs)
        (let ((expected (if (memq line '(0 2 3)) nil (list section entry))))
          (should (equal (list line at-start) (list line expected)))
          (should (equal (list line at-end) (list line expected))))))))

(ert-deftest thumbindex-lsp-test-breadcrumbs-sorted ()
  "Already grouped by section: every line shows \"section > entry\"."
  (thumbindex-lsp-test--with-file thumbindex-lsp-test--sorted
    (should (equal (mapcar #'lsp:document-symbol-name (lsp--get-document-symbols))
                   '("A" "B" "Å" "Ö")))
    (let ((crumbs (thumbindex-lsp-test--crumbs thumbindex-lsp-test--sorted)))
      (thumbindex-lsp-test--no-other-section crumbs)
      (pcase-dolist (`(,line ,entry ,section ,at-start ,at-end) crumbs)
        (should (equal (list line at-start) (list line (list section entry))))
        (should (equal (list line at-end) (list line (list section entry))))))))

;;; imenu: `lsp-imenu-sort-methods' nil keeps the server's order (editors/README.md)

(defconst thumbindex-lsp-test--mixed
  '(("Örjan" . "Ö") ("Zorro" . "Z") ("Anna Berg" . "A") ("#hash" . "#") ("Åsa" . "Å") ("anna" . "A")
    ("Zoë" . "Z") ("123" . "#") ("Ärla" . "Ä") ("Axel" . "A"))
  "Names whose Swedish order is not their code point order.")

(defconst thumbindex-lsp-test--mixed-sections
  '(("A" "anna" "Anna Berg" "Axel") ("Z" "Zoë" "Zorro") ("Å" "Åsa") ("Ä" "Ärla") ("Ö" "Örjan")
    ("#" "#hash" "123"))
  "The sv_SE sections of `thumbindex-lsp-test--mixed', in the server's order.")

(defun thumbindex-lsp-test--name (name)
  "NAME of an imenu item without the detail lsp-mode adds to it (\" 2 entries\")."
  (substring-no-properties
   name 0 (or (text-property-any 0 (length name) 'face 'lsp-signature-face name) (length name))))

(defun thumbindex-lsp-test--imenu ()
  "lsp-mode's imenu index as ((SECTION ENTRY...)...), without the details."
  (mapcar (lambda (item)
            (cons (thumbindex-lsp-test--name (car item))
                  (mapcar (lambda (entry) (thumbindex-lsp-test--name (car entry))) (cdr item))))
          (funcall imenu-create-index-function)))

(defun thumbindex-lsp-test--server-order ()
  "The server's documentSymbol answer as ((SECTION ENTRY...)...)."
  (mapcar (lambda (section)
            (cons (lsp:document-symbol-name section)
                  (mapcar #'lsp:document-symbol-name (lsp:document-symbol-children? section))))
          (lsp--get-document-symbols)))

(defun thumbindex-lsp-test--imenu-with (methods)
  "lsp-mode's imenu index, as `thumbindex-lsp-test--imenu' gives it.
With `lsp-imenu-sort-methods' METHODS."
  (let* ((lsp-imenu-sort-methods methods)
         (index (thumbindex-lsp-test--imenu)))
    (message "  imenu, lsp-imenu-sort-methods %S: %S" methods index)
    index))

(defun thumbindex-lsp-test--imenu-read (answers)
  "Run `imenu' answering its reads with ANSWERS; return each read's candidates.
An answer is the candidate whose name is that without its detail.  Each
read's candidates are in the order *Completions* shows them (the index
is a plain alist, so sorted by `string-lessp'), without their details."
  (let* ((shown nil)
         (completing-read-function
          (lambda (_prompt collection &rest _)
            (let ((candidates (sort (mapcar #'car collection) #'string-lessp))
                  (answer (pop answers)))
              (push (mapcar #'thumbindex-lsp-test--name candidates) shown)
              (or (cl-find answer candidates :key #'thumbindex-lsp-test--name :test #'equal)
                  (ert-fail (format "no %S among %S" answer candidates))))))
         (last-nonmenu-event ?\r))      ; from the keyboard: completion, no popup menu
    (setq imenu--index-alist nil)
    (call-interactively #'imenu)
    (nreverse shown)))

(ert-deftest thumbindex-lsp-test-imenu-order ()
  "With `lsp-imenu-sort-methods' nil lsp-mode's imenu keeps the server's order.
By default, (kind name), lsp-mode sorts the sections and their entries
by kind and then by name in code point order: # first, Ä before Å,
\"Anna Berg\" before \"anna\".  (position) gives the document's order."
  (thumbindex-lsp-test--with-file thumbindex-lsp-test--mixed
    (should (eq imenu-create-index-function #'lsp--imenu-create-index))
    (should (equal (thumbindex-lsp-test--server-order) thumbindex-lsp-test--mixed-sections))
    (should (equal (default-value 'lsp-imenu-sort-methods) '(kind name)))
    (should (equal (thumbindex-lsp-test--imenu-with '(kind name))
                   '(("#" "#hash" "123") ("A" "Anna Berg" "Axel" "anna") ("Z" "Zorro" "Zoë") ("Ä" "Ärla")
                     ("Å" "Åsa") ("Ö" "Örjan"))))
    (should (equal (thumbindex-lsp-test--imenu-with '(position))
                   '(("Ö" "Örjan") ("#" "#hash" "123") ("Å" "Åsa") ("A" "Anna Berg" "anna" "Axel")
                     ("Z" "Zorro" "Zoë") ("Ä" "Ärla"))))
    (should (equal (thumbindex-lsp-test--imenu-with nil) thumbindex-lsp-test--mixed-sections))
    (let ((lsp-imenu-sort-methods nil))
      ;; imenu's completion: the index sorted by code point again in *Completions*, and its
      ;; spaces made dots unless `imenu-space-replacement' is nil.
      (should (equal (thumbindex-lsp-test--imenu-read '("A" "Anna.Berg"))
                     '(("#" "*Rescan*" "A" "Z" "Ä" "Å" "Ö") ("Anna.Berg" "Axel" "anna"))))
      (should (looking-at "Anna Berg"))
      (let ((imenu-space-replacement nil))
        (goto-char (point-min))
        (should (equal (cadr (thumbindex-lsp-test--imenu-read '("A" "Anna Berg")))
                       '("Anna Berg" "Axel" "anna")))
        (should (looking-at "Anna Berg"))))))

(ert-deftest thumbindex-lsp-test-imenu-scattered ()
  "An unsorted list's imenu, with `lsp-imenu-sort-methods' nil: the server's sections.
The entries go where they are."
  (thumbindex-lsp-test--with-file thumbindex-lsp-test--scattered
    (let ((lsp-imenu-sort-methods nil))
      (should (equal (thumbindex-lsp-test--imenu)
                     '(("A" "Alva" "Anna" "Axel") ("B" "Bertil" "Bo") ("Å" "Åsa") ("Ä" "Ärla")
                       ("Ö" "Örjan" "Östen"))))
      (goto-char (cdr (assoc "Östen" (cdr (assoc "Ö 2 entries" (funcall imenu-create-index-function))))))
      (should (= (line-number-at-pos) 6))
      (should (looking-at "Östen")))))

(ert-deftest thumbindex-lsp-test-imenu-kinds ()
  "Entries of different kinds: (kind) re-sorts them, nil does not.
In JSON the keys are entries whose kind is their value's (String,
Number, Boolean), so sorting by kind alone takes them out of the
server's order."
  (thumbindex-lsp-test--with-text "fruit.json"
      "{\"avocado\": \"green\", \"almond\": 1, \"apple\": true, \"banana\": \"yellow\"}\n" #'js-mode
    (should (equal (lsp-buffer-language) "json"))
    (should (equal (thumbindex-lsp-test--server-order) '(("A" "almond" "apple" "avocado") ("B" "banana"))))
    (should (equal (thumbindex-lsp-test--imenu-with '(kind))
                   '(("A" "avocado" "almond" "apple") ("B" "banana"))))
    (should (equal (thumbindex-lsp-test--imenu-with nil) (thumbindex-lsp-test--server-order)))))

(defun thumbindex-lsp-test--flat-capabilities (capabilities)
  "CAPABILITIES without hierarchicalDocumentSymbolSupport.
That is, textDocument.documentSymbol.hierarchicalDocumentSymbolSupport."
  (let ((capabilities (copy-tree capabilities)))
    (setf (alist-get 'documentSymbol (alist-get 'textDocument capabilities))
          (assq-delete-all 'hierarchicalDocumentSymbolSupport
                           (alist-get 'documentSymbol (alist-get 'textDocument capabilities))))
    capabilities))

(ert-deftest thumbindex-lsp-test-flat-symbols ()
  "A client without hierarchical symbols gets SymbolInformation, containerName the section.
lsp-mode 8.0 always announces hierarchicalDocumentSymbolSupport;
`lsp--client-capabilities' builds what it sends, so its result is
filtered while the server starts."
  (should (eq (alist-get 'hierarchicalDocumentSymbolSupport
                         (alist-get 'documentSymbol (alist-get 'textDocument (lsp--client-capabilities))))
              t))
  (advice-add 'lsp--client-capabilities :filter-return #'thumbindex-lsp-test--flat-capabilities)
  (unwind-protect
      (progn
        (should-not (assq 'hierarchicalDocumentSymbolSupport
                          (alist-get 'documentSymbol
                                     (alist-get 'textDocument (lsp--client-capabilities)))))
        (thumbindex-lsp-test--with-file thumbindex-lsp-test--scattered
          (let ((symbols (append (lsp--get-document-symbols) nil)))
            (should (cl-every #'lsp-symbol-information? symbols))
            ;; In the sectioned sorted order, each with its section as containerName.
            (should (equal (mapcar (lambda (symbol)
                                     (cons (lsp:symbol-information-name symbol)
                                           (lsp:symbol-information-container-name? symbol)))
                                   symbols)
                           '(("Alva" . "A") ("Anna" . "A") ("Axel" . "A") ("Bertil" . "B") ("Bo" . "B")
                             ("Åsa" . "Å") ("Ärla" . "Ä") ("Örjan" . "Ö") ("Östen" . "Ö"))))
            ;; The locations are the entries' lines.
            (should (equal (lsp--position-to-point
                            (lsp:range-start (lsp:location-range
                                              (lsp:symbol-information-location
                                               (cl-find "Östen" symbols :key #'lsp:symbol-information-name
                                                        :test #'equal)))))
                           (save-excursion (goto-char (point-min)) (forward-line 5) (point)))))
          ;; lsp-mode's breadcrumb from flat symbols: the symbols whose range holds point,
          ;; so just the entry.
          (let ((crumbs (thumbindex-lsp-test--crumbs thumbindex-lsp-test--scattered)))
            (should (equal (nth 3 (nth 5 crumbs)) '("Östen")))
            (pcase-dolist (`(,line ,entry ,_section ,at-start ,at-end) crumbs)
              (should (equal (list line at-start at-end) (list line (list entry) (list entry))))))))
    (advice-remove 'lsp--client-capabilities #'thumbindex-lsp-test--flat-capabilities)))

(defconst thumbindex-lsp-test--formats
  '(("names.txt" "plaintext" text-mode ("# Zebra" "# Apa") "# Zebra" "# Apa")
    ("notes.md" "markdown" markdown-mode ("Zebra" "Apa") "# Zebra" "" "plain text" "" "# Apa")
    ("data.json" "json" js-mode ("Zebra" "Apa") "{\"Zebra\": 1, \"Apa\": 2}")
    ("people.csv" "csv" fundamental-mode ("Östen" "Anna") "name,city" "Östen,Berlin" "Anna,Örebro")
    ("people.vcf" "vcard" fundamental-mode ("Östen Berg" "Anna Svensson")
     "BEGIN:VCARD" "VERSION:4.0" "FN:Östen Berg" "N:Berg;Östen;;;" "END:VCARD"
     "BEGIN:VCARD" "VERSION:4.0" "FN:Anna Svensson" "N:Svensson;Anna;;;" "END:VCARD")
    ("data.yaml" "yaml" fundamental-mode ("Zebra" "Apa") "Zebra: 1" "Apa: 2")
    ("places.tsv" "tsv" fundamental-mode ("Åsa" "Bo") "name\tcounty" "Åsa\tSkåne" "Bo\tHalland")
    ("Localizable.strings" "strings" fundamental-mode ("apple" "pear")
     "\"apple\" = \"äpple\";" "\"pear\" = \"päron\";")
    ("Localizable.xcstrings" "xcstrings" fundamental-mode ("apple" "pear")
     "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"apple\": {}, \"pear\": {}}}"))
  "A file of nine formats: (NAME LANGUAGE-ID MODE ENTRIES LINE...).
Read as another format (the text as Markdown, the others as text, the
TSV as CSV, the catalog as JSON) the names of the entries differ.")

(defun thumbindex-lsp-test--processes ()
  "The live thumbindex processes."
  (seq-filter (lambda (process)
                (and (process-live-p process)
                     (equal (car (process-command process)) thumbindex-lsp-test--program)))
              (process-list)))

(ert-deftest thumbindex-lsp-test-one-server ()
  "Nine formats in one folder: lsp-mode runs one server for them, each read as its format."
  (with-timeout (90 (ert-fail "the test took more than 90 s"))
    (let ((folder (file-name-as-directory (make-temp-file "thumbindex-lsp-test" t)))
          (before (length (thumbindex-lsp-test--processes)))
          (coding-system-for-write 'utf-8-unix)
          buffers)
      (unwind-protect
          (progn
            (pcase-dolist (`(,name ,_ ,mode ,_ . ,lines) thumbindex-lsp-test--formats)
              (write-region (mapconcat (lambda (line) (concat line "\n")) lines "") nil
                            (expand-file-name name folder) nil 'silent)
              (with-current-buffer (find-file-noselect (expand-file-name name folder))
                (push (current-buffer) buffers)
                (funcall mode)
                (lsp)
                (thumbindex-lsp-test--wait #'thumbindex-lsp-test--initialized-p
                                           (format "the workspace of %s" name))))
            (message "  thumbindex processes: %d before, %d with nine formats open"
                     before (length (thumbindex-lsp-test--processes)))
            (should (= (length (thumbindex-lsp-test--processes)) (1+ before)))
            (let ((workspace (with-current-buffer (car buffers) (car lsp--buffer-workspaces))))
              (pcase-dolist (`(,name ,language-id ,_ ,entries . ,_) thumbindex-lsp-test--formats)
                (with-current-buffer (find-buffer-visiting (expand-file-name name folder))
                  (message "  %s: %s, languageId %s" name major-mode (lsp-buffer-language))
                  (should (equal lsp--buffer-workspaces (list workspace)))
                  (should (equal (lsp-buffer-language) language-id))
                  (should (equal (sort (mapcar (lambda (symbol) (gethash "name" symbol))
                                               (append (gethash "entries"
                                                                (lsp-request "thumbindex/entries"
                                                                             `(:textDocument ,(lsp--text-document-identifier)
                                                                                             :offset 0 :limit 50)))
                                                       nil))
                                       #'string<)
                                 (sort (copy-sequence entries) #'string<)))))))
        (let ((processes (thumbindex-lsp-test--processes)))
          (dolist (buffer buffers)
            (with-current-buffer buffer (set-buffer-modified-p nil))
            (kill-buffer buffer))
          ;; The last buffer of the workspace closed: lsp-mode shuts the server down.
          (thumbindex-lsp-test--wait (lambda () (not (seq-some #'process-live-p processes)))
                                     "the server to exit" 10))
        (delete-directory folder t)))))

(ert-deftest thumbindex-lsp-test-broken-json ()
  "A broken JSON file has no symbols; why is in lsp-mode's log, *lsp-log*."
  (with-timeout (60 (ert-fail "the test took more than 60 s"))
    (let* ((file (thumbindex-lsp-test--write "broken.json" "{\"Zebra\": 1, \"Apa\": \n"))
           (buffer (find-file-noselect file))
           (process nil))
      (unwind-protect
          (with-current-buffer buffer
            (js-mode)
            (lsp)
            (thumbindex-lsp-test--wait #'thumbindex-lsp-test--initialized-p
                                       "the lsp-mode workspace to be initialized")
            (setq process (lsp--workspace-proc (car lsp--buffer-workspaces)))
            (should (seq-empty-p (lsp-request "textDocument/documentSymbol"
                                              `(:textDocument ,(lsp--text-document-identifier)))))
            (thumbindex-lsp-test--wait
             (lambda ()
               (with-current-buffer (get-buffer-create "*lsp-log*")
                 (string-match-p "/broken\\.json:2:1: expected a value, found the end of the input"
                                 (buffer-string))))
             "the server's message in *lsp-log*"))
        (with-current-buffer buffer (set-buffer-modified-p nil))
        (kill-buffer buffer)
        (delete-directory (file-name-directory file) t)
        (when process
          (thumbindex-lsp-test--wait (lambda () (not (process-live-p process)))
                                     "the server to exit" 10))))))

(provide 'lsp-mode-test)
;;; lsp-mode-test.el ends here
