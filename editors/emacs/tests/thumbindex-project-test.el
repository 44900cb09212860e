;;; thumbindex-project-test.el --- One server for a project's formats; what it said of a document -*- lexical-binding: t; -*-

;;; Commentary:

;; Against the real server: the files of every format in one folder (one
;; project) share one thumbindex process, and each is sent the languageId
;; of its mode and read as its format; a document the server cannot read
;; (a broken JSON file) says why in imenu, in `thumbindex-outline' and in
;; `thumbindex-jump'; a file without an extension is read as plain text by
;; `thumbindex-start'.  Loaded by thumbindex-test.el; alone, from the
;; repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-project-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures
(require 'thumbindex-outline)

(defconst thumbindex-project-test--files
  '(("names.txt" "plaintext" ("# Zebra" "# Apa") "# Zebra" "# Apa")
    ("notes.md" "markdown" ("Zebra" "Apa") "# Zebra" "" "plain text" "" "# Apa")
    ("people.csv" "csv" ("Östen" "Anna") "name,city" "Östen,Berlin" "Anna,Örebro")
    ("places.tsv" "tsv" ("Åsa" "Bo") "name\tcounty" "Åsa\tSkåne" "Bo\tHalland")
    ("people.vcf" "vcard" ("Östen Berg" "Anna Svensson")
     "BEGIN:VCARD" "VERSION:4.0" "FN:Östen Berg" "N:Berg;Östen;;;" "END:VCARD"
     "BEGIN:VCARD" "VERSION:4.0" "FN:Anna Svensson" "N:Svensson;Anna;;;" "END:VCARD")
    ("data.json" "json" ("Zebra" "Apa") "{\"Zebra\": 1, \"Apa\": 2}")
    ("data.yaml" "yaml" ("Zebra" "Apa") "Zebra: 1" "Apa: 2")
    ("Localizable.strings" "strings" ("apple" "pear")
     "\"apple\" = \"äpple\";" "\"pear\" = \"päron\";")
    ("Localizable.xcstrings" "xcstrings" ("apple" "pear")
     "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"apple\": {}, \"pear\": {}}}"))
  "A file of each format: (NAME LANGUAGE-ID ENTRIES LINE...).
ENTRIES are the names the server gives when it reads the file as its
format; read as another (the text as Markdown, the Markdown, a table or
a vCard as text, the TSV as CSV, the catalog as JSON) the names differ.")

(defun thumbindex-project-test--folder (files)
  "A fresh temporary folder holding FILES, each (NAME _ _ LINE...)."
  (let ((folder (file-name-as-directory (make-temp-file "thumbindex-project-test" t)))
        (coding-system-for-write 'utf-8-unix))
    (pcase-dolist (`(,name ,_ ,_ . ,lines) files)
      (write-region (mapconcat (lambda (line) (concat line "\n")) lines "") nil
                    (expand-file-name name folder) nil 'silent))
    folder))

(defun thumbindex-project-test--processes ()
  "The live thumbindex processes."
  (seq-filter (lambda (process)
                (and (process-live-p process)
                     (equal (car (process-command process)) thumbindex-program)))
              (process-list)))

(defvar thumbindex-project-test--opened nil
  "The (URI . LANGUAGE-ID) of each didOpen sent, the last first.")

(defun thumbindex-project-test--record (_connection &rest args)
  "Record the textDocument of a didOpen sent with ARGS."
  (when (eq (plist-get args :method) :textDocument/didOpen)
    (let ((document (plist-get (plist-get args :params) :textDocument)))
      (push (cons (plist-get document :uri) (plist-get document :languageId))
            thumbindex-project-test--opened))))

(defun thumbindex-project-test--names ()
  "The names of the entries of the current buffer, sorted by code point."
  (sort (mapcar (lambda (entry) (plist-get entry :name))
                (append (plist-get (thumbindex--request
                                    :thumbindex/entries
                                    `(:textDocument ,(thumbindex--document) :offset 0 :limit 50))
                                   :entries)
                        nil))
        #'string<))

(defmacro thumbindex-project-test--in-folder (folder &rest body)
  "Run BODY; then shut every thumbindex server down and kill FOLDER's buffers."
  (declare (indent 1))
  `(with-timeout (90 (ert-fail "the test took more than 90 s"))
     (unwind-protect (progn ,@body)
       (dolist (buffer (buffer-list))
         (let ((file (buffer-file-name buffer)))
           (when (and file (file-in-directory-p file ,folder))
             (with-current-buffer buffer
               (let ((server (eglot-current-server)))
                 (when (and server (jsonrpc-running-p server))
                   (ignore-errors (eglot-shutdown server nil 5))))
               (set-buffer-modified-p nil))
             (kill-buffer buffer)))))))

(ert-deftest thumbindex-project-test-registration ()
  "One entry of `eglot-server-programs' serves every mode, each with its languageId."
  (should (= 1 (cl-count-if #'thumbindex--our-entry-p eglot-server-programs)))
  (pcase-dolist (`(,mode . ,language-id) thumbindex-modes)
    (should (equal (nth 1 (eglot--lookup-mode mode)) language-id))
    ;; Whatever mode starts it, the server manages all of them.
    (should (equal (sort (mapcar #'symbol-name (car (eglot--lookup-mode mode))) #'string<)
                   (sort (mapcar (lambda (entry) (symbol-name (car entry))) thumbindex-modes)
                         #'string<)))))

(ert-deftest thumbindex-project-test-one-server ()
  "Files of nine formats in a project: one process, each read as its format."
  (let* ((folder (thumbindex-project-test--folder thumbindex-project-test--files))
         (files (mapcar (lambda (spec) (expand-file-name (car spec) folder))
                        thumbindex-project-test--files))
         (before (length (thumbindex-project-test--processes)))
         (thumbindex-project-test--opened nil))
    (advice-add 'jsonrpc-connection-send :before #'thumbindex-project-test--record)
    (thumbindex-project-test--in-folder folder
      (unwind-protect
          (let (server)
            ;; Four open before the server starts, in the first; five opened after.
            (let ((early (mapcar #'find-file-noselect (seq-take files 4))))
              (with-current-buffer (car early)
                (thumbindex-start)
                (setq server (thumbindex-test--wait #'eglot-current-server "Eglot to connect")))
              (dolist (buffer (cdr early))
                (with-current-buffer buffer
                  (thumbindex-test--wait #'eglot-managed-p (format "%s to be managed" buffer)))))
            (mapc #'find-file-noselect (seq-drop files 4))
            (message "  thumbindex processes: %d before, %d with nine formats open"
                     before (length (thumbindex-project-test--processes)))
            (should (= (length (thumbindex-project-test--processes)) (1+ before)))
            (pcase-dolist (`(,name ,language-id ,entries . ,_) thumbindex-project-test--files)
              (with-current-buffer (find-buffer-visiting (expand-file-name name folder))
                (message "  %s: %s, sent as %s" name major-mode
                         (cdr (assoc (plist-get (thumbindex--document) :uri)
                                     thumbindex-project-test--opened)))
                (should (eglot-managed-p))
                (should (eq (eglot-current-server) server))
                (should (equal (cdr (assoc (plist-get (thumbindex--document) :uri)
                                           thumbindex-project-test--opened))
                               language-id))
                (should (equal (thumbindex-project-test--names) (sort (copy-sequence entries) #'string<)))))
            (should (= (length thumbindex-project-test--opened) (length files))))
        (advice-remove 'jsonrpc-connection-send #'thumbindex-project-test--record)))))

(ert-deftest thumbindex-project-test-broken-json ()
  "A broken JSON file: imenu, the outline and a jump say what the server said, and where."
  (let ((folder (thumbindex-project-test--folder '(("broken.json" nil nil "{\"Zebra\": 1," "  \"Apa\": ")))))
    (thumbindex-project-test--in-folder folder
      (with-current-buffer (find-file-noselect (expand-file-name "broken.json" folder))
        (thumbindex-start)
        (thumbindex-test--wait #'eglot-current-server "Eglot to connect")
        (let ((index (funcall imenu-create-index-function))
              (said "broken.json:3:1: expected a value, found the end of the input"))
          (message "  imenu: %S" index)
          (should (equal (mapcar #'car index) (list said)))
          (should (= (cdar index) (point-max)))  ; line 3, the end of the input
          ;; The outline asks for the same version: the server does not say it again.
          (let ((outline (save-current-buffer (thumbindex-outline))))
            (unwind-protect
                (with-current-buffer outline
                  (message "  outline:\n%s" (buffer-string))
                  (should (equal (split-string (buffer-string) "\n" t)
                                 (list "broken.json, 0 entries, locale sv-SE"
                                       (concat "The server said: " said)))))
              (kill-buffer outline)))
          (with-current-buffer (messages-buffer) (let ((inhibit-read-only t)) (erase-buffer)))
          (thumbindex-jump "A")
          (should (string-match-p (regexp-quote (concat "No entries to jump to; " said))
                                  (with-current-buffer (messages-buffer) (buffer-string)))))
        ;; Mended: the entries, and nothing said.
        (goto-char (point-max))
        (insert "2}")
        (should (equal (mapcar #'car (funcall imenu-create-index-function)) '("A" "Z")))
        (should (null (thumbindex--why-empty)))
        ;; Broken elsewhere: the new place, the colon after "Zebra".
        (goto-char (point-min))
        (delete-char 1)
        (should (equal (funcall imenu-create-index-function)
                       '(("broken.json:1:8: unexpected ':' after the end of the JSON value" . 8))))
        (should (looking-at "\"Zebra\":"))
        ;; Valid and empty: no entries, and nothing said of this version.
        (erase-buffer)
        (insert "{}\n")
        (should (null (funcall imenu-create-index-function)))
        (should (null (thumbindex--why-empty)))))))

(define-derived-mode thumbindex-project-test--cobol-mode text-mode "COBOL"
  "A mode whose languageId the server reads nothing of.")

(ert-deftest thumbindex-project-test-unread-language ()
  "A languageId the server reads nothing of: said of the first file and of the next."
  (let ((folder (thumbindex-project-test--folder '(("a.cob" nil nil "MOVE A TO B.")
                                                   ("b.cob" nil nil "MOVE C TO D.")))))
    (thumbindex-project-test--in-folder folder
      (unwind-protect
          (let ((thumbindex-modes (cons '(thumbindex-project-test--cobol-mode . "cobol")
                                        thumbindex-modes))
                (a (find-file-noselect (expand-file-name "a.cob" folder)))
                (b (find-file-noselect (expand-file-name "b.cob" folder))))
            (thumbindex-register)
            (dolist (buffer (list a b))
              (with-current-buffer buffer
                (thumbindex-project-test--cobol-mode)
                (thumbindex-start)
                (thumbindex-test--wait #'eglot-current-server "Eglot to connect")
                (should (= 0 (plist-get (thumbindex--sections) :totalCount)))))
            (with-current-buffer a
              (should (equal (thumbindex--why-empty) '("no entries for languageId cobol (a.cob)"))))
            (with-current-buffer b      ; the server said it once, of a.cob
              (should (equal (thumbindex--why-empty)
                             '("no entries for languageId cobol (b.cob): see `thumbindex-modes'")))
              (should (equal (mapcar #'car (funcall imenu-create-index-function))
                             (thumbindex--why-empty)))))
        (thumbindex-register)))))

(define-derived-mode thumbindex-project-test--notes-mode text-mode "Notes"
  "A mode derived from `text-mode', as `org-mode' is.")

(ert-deftest thumbindex-project-test-derived-mode-shared ()
  "A mode derived from one served, put in `thumbindex-modes', shares the project's server."
  (let ((folder (thumbindex-project-test--folder '(("names.txt" nil nil "Zebra" "Apa")
                                                   ("notes.note" nil nil "Östen" "Anna"))))
        (before (length (thumbindex-project-test--processes))))
    (thumbindex-project-test--in-folder folder
      (unwind-protect
          (let ((thumbindex-modes (cons '(thumbindex-project-test--notes-mode . "plaintext")
                                        thumbindex-modes)))
            (thumbindex-register)
            (with-current-buffer (find-file-noselect (expand-file-name "names.txt" folder))
              (thumbindex-start)
              (thumbindex-test--wait #'eglot-current-server "Eglot to connect"))
            (with-current-buffer (find-file-noselect (expand-file-name "notes.note" folder))
              (thumbindex-project-test--notes-mode)
              (thumbindex-test--wait #'eglot-managed-p "the notes to be managed")
              (should (= (length (thumbindex-project-test--processes)) (1+ before)))
              (should (equal (thumbindex-project-test--names) '("Anna" "Östen")))))
        (thumbindex-register)))))

(ert-deftest thumbindex-project-test-no-extension ()
  "A file without an extension is in `fundamental-mode'; `thumbindex-start' reads it as text."
  (let ((folder (thumbindex-project-test--folder '(("NAMES" nil nil "Östen" "Anna" "Zebra")))))
    (thumbindex-project-test--in-folder folder
      (with-current-buffer (find-file-noselect (expand-file-name "NAMES" folder))
        (should (eq major-mode 'fundamental-mode))
        (thumbindex-start)
        (thumbindex-test--wait #'eglot-current-server "Eglot to connect")
        (should (eq major-mode 'text-mode))
        (should (equal (thumbindex-project-test--names) '("Anna" "Zebra" "Östen")))))))

(ert-deftest thumbindex-project-test-uri-named ()
  "A message names a document by its uri, not by a uri it starts with."
  (should (thumbindex--names-uri-p "file:///a.json:2:1: x" "file:///a.json"))
  (should (thumbindex--names-uri-p "no entries for languageId x (file:///a.json)" "file:///a.json"))
  (should-not (thumbindex--names-uri-p "file:///a.json5:2:1: x" "file:///a.json"))
  (with-temp-buffer
    (rename-buffer "a.json" t)
    (should (equal (thumbindex--problem "file:///a.json:2:7: x" "file:///a.json")
                   (list (concat (buffer-name) ":2:7: x") 2 7)))
    (should (equal (thumbindex--problem "file:///a.json: not text" "file:///a.json")
                   (list (concat (buffer-name) ": not text") nil nil)))))

(provide 'thumbindex-project-test)
;;; thumbindex-project-test.el ends here
