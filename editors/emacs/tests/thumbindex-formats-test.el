;;; thumbindex-formats-test.el --- Every format served; the outline buffer follows edits -*- lexical-binding: t; -*-

;;; Commentary:

;; Every format the server reads is served when its file is opened, by the
;; mode Emacs gives its extension (thumbindex-formats.el's, where Emacs has
;; none); and a `thumbindex-outline' buffer is made again after an edit of
;; its buffer.  From the repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-formats-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures
(require 'thumbindex-outline)

(defun thumbindex-formats-test--file (name lines)
  "A new file NAME in a fresh temporary folder holding LINES, one a line."
  (let ((file (expand-file-name name (make-temp-file "thumbindex-test" t)))
        (coding-system-for-write 'utf-8-unix))
    (write-region (mapconcat (lambda (line) (concat line "\n")) lines "") nil file nil 'silent)
    file))

(defconst thumbindex-formats-test--files
  '(("people.vcf" "vcard" "BEGIN:VCARD" "VERSION:4.0" "FN:Östen Berg" "N:Berg;Östen;;;" "END:VCARD"
     "BEGIN:VCARD" "VERSION:4.0" "FN:Anna Svensson" "N:Svensson;Anna;;;" "END:VCARD")
    ("data.yaml" "yaml" "Zebra: 1" "Apa: 2")
    ("data.yml" "yaml" "Zebra: 1" "Apa: 2")
    ("Localizable.strings" "strings" "\"apple\" = \"äpple\";" "\"pear\" = \"päron\";")
    ("Localizable.xcstrings" "xcstrings"
     "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"apple\": {}, \"pear\": {}}}")
    ("data.json" "json" "{\"Zebra\": 1, \"Apa\": 2}")
    ("people.csv" "csv" "name,city" "Östen,Berlin" "Anna,Örebro")
    ("places.tsv" "tsv" "name\tcounty" "Åsa\tSkåne" "Bo\tHalland")
    ("notes.md" "markdown" "# Zebra" "# Apa"))
  "A file of each format: its name, the languageId it is served as, its lines.
Each has two entries.")

(ert-deftest thumbindex-formats-test-every-format-served ()
  "A file of every format the server reads is served when opened, by its extension."
  (dolist (spec thumbindex-formats-test--files)
    (pcase-let ((`(,name ,language-id . ,lines) spec))
      (thumbindex-test--with-file (thumbindex-formats-test--file name lines) #'ignore
        (message "  %s: %s, served as %s" name major-mode (nth 1 (eglot--lookup-mode major-mode)))
        (should (equal (nth 1 (eglot--lookup-mode major-mode)) language-id))
        (should (cl-typep (eglot-current-server) 'thumbindex-server))
        (should (= 2 (plist-get (thumbindex--sections) :totalCount)))))))

(ert-deftest thumbindex-formats-test-modes-of-others-kept ()
  "An extension another mode has keeps it; a fallback mode gives way."
  (let ((auto-mode-alist (list (cons "\\.csv\\'" 'thumbindex-formats-test--other-mode)
                               (cons "\\.json\\'" 'js-mode)))
        (thumbindex-file-modes '(("csv" . thumbindex-csv-mode) ("json" . thumbindex-json-mode)
                                 ("vcf" . thumbindex-vcard-mode))))
    (should (equal (thumbindex-add-file-modes) '("json" "vcf")))
    (should (eq (thumbindex--auto-mode "a.csv") 'thumbindex-formats-test--other-mode))
    (should (eq (thumbindex--auto-mode "a.json") 'thumbindex-json-mode))
    (should (eq (thumbindex--auto-mode "A.VCF") 'thumbindex-vcard-mode))
    ;; Again: nothing is added twice.
    (let ((before (length auto-mode-alist)))
      (thumbindex-add-file-modes)
      (should (= before (length auto-mode-alist))))))

(defun thumbindex-formats-test--outline-text (outline)
  "The text of OUTLINE, a buffer."
  (with-current-buffer outline (buffer-substring-no-properties (point-min) (point-max))))

(ert-deftest thumbindex-formats-test-outline-follows-edits ()
  "The outline buffer is made again after an edit, as Neovim's; a hidden one when shown."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (let* ((source (current-buffer))
           (thumbindex-outline-update-delay 0.1)
           (outline (thumbindex-outline))
           (window (get-buffer-window outline)))
      (unwind-protect
          (progn
            (should window)
            (with-current-buffer outline
              (goto-char (point-min))
              (search-forward "  Bodil")
              (beginning-of-line))
            (with-current-buffer source
              (goto-char (point-max))
              (insert "Quintus\n"))
            (thumbindex-test--wait
             (lambda () (string-match-p "^Q\n  Quintus$" (thumbindex-formats-test--outline-text outline)))
             "the outline to show Quintus, without asking")
            (should (string-match-p "41 entries" (thumbindex-formats-test--outline-text outline)))
            (with-current-buffer outline    ; point stays on its line
              (should (looking-at "  Bodil")))
            ;; Hidden: it is made again when it is shown.
            (set-window-buffer window source)
            (with-current-buffer source
              (goto-char (point-max))
              (insert "Xerxes\n"))
            (thumbindex-test--wait (lambda () (buffer-local-value 'thumbindex--outline-stale outline))
                                   "the hidden outline to be marked stale")
            (should-not (string-match-p "Xerxes" (thumbindex-formats-test--outline-text outline)))
            (set-window-buffer window outline)
            (with-current-buffer outline
              (should (memq #'thumbindex--outline-shown window-buffer-change-functions)))
            ;; What redisplay does (batch Emacs has none).
            (thumbindex--outline-shown window)
            (should (string-match-p "^X\n  Xerxes$" (thumbindex-formats-test--outline-text outline))))
        (kill-buffer outline)))))

(provide 'thumbindex-formats-test)
;;; thumbindex-formats-test.el ends here
