;;; thumbindex-settings-test.el --- thumbindex.el's settings against the schema -*- lexical-binding: t; -*-

;;; Commentary:

;; The server settings come from one source, Protocol/schemas/settings.json.  These tests check
;; against it the variables of the group `thumbindex-server-settings' (each named from its key by
;; `thumbindex--setting-variable', the one place the rule is written), their defaults and
;; customization types, and what `thumbindex--settings' sends; and that a setting set here takes
;; effect in the server.  The group `thumbindex' holds the package's own options (no server
;; counterpart), which are not compared.  From the repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-settings-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'json)
(require 'wid-edit)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures

(defconst thumbindex-settings-test--schema-file "Protocol/schemas/settings.json"
  "The schema of the settings, from the repository root.")

(defun thumbindex-settings-test--schema ()
  "The settings of the schema: an alist of each dotted key and its schema.
They are the leaves of the nested properties under \"thumbindex\" (a
property with properties of its own is a group of settings)."
  (let* ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'string)
         (schema (json-read-file (expand-file-name thumbindex-settings-test--schema-file
                                                   thumbindex-test--root)))
         (settings nil))
    (cl-labels ((field (node name) (cdr (assoc name node)))
                (walk (node prefix)
                      (dolist (property (field node "properties"))
                        (if (field (cdr property) "properties")
                            (walk (cdr property) (concat prefix (car property) "."))
                          (push (cons (concat prefix (car property)) (cdr property)) settings)))))
      (walk (cdr (assoc "thumbindex" (cdr (assoc "properties" schema)))) ""))
    (nreverse settings)))

(defun thumbindex-settings-test--field (schema name)
  "The member NAME of the alist SCHEMA."
  (cdr (assoc name schema)))

(defun thumbindex-settings-test--default (schema)
  "The default at the end of SCHEMA's description (\"... Default: true.\").
Return (t . VALUE) when it is a JSON value, else (nil . WORDS)."
  (let ((description (thumbindex-settings-test--field schema "description")))
    (when (string-match "Default: \\(.*?\\)\\.?\\'" description)
      (let ((text (match-string 1 description)))
        (condition-case nil
            (let ((json-array-type 'list))
              (cons t (json-read-from-string text)))
          (error (cons nil text)))))))

(defun thumbindex-settings-test--variables ()
  "The variables of the group `thumbindex-server-settings'."
  (cl-loop for (symbol kind) in (get 'thumbindex-server-settings 'custom-group)
           when (eq kind 'custom-variable) collect symbol))

(defun thumbindex-settings-test--check (problems)
  "Fail with PROBLEMS, one a line, unless there are none."
  (when problems
    (ert-fail (string-join problems "\n"))))

(ert-deftest thumbindex-settings-test-variables ()
  "Every setting of the schema has its variable in the group, and no other does."
  (let* ((keys (mapcar #'car (thumbindex-settings-test--schema)))
         (wanted (mapcar #'thumbindex--setting-variable keys))
         (variables (thumbindex-settings-test--variables))
         (problems nil))
    (dolist (key keys)
      (let ((variable (thumbindex--setting-variable key)))
        (unless (memq variable variables)
          (push (format "%s has %s, but the group thumbindex-server-settings has no defcustom %s"
                        thumbindex-settings-test--schema-file key variable)
                problems))
        (unless (member key thumbindex--setting-keys)
          (push (format "%s has %s, but thumbindex--setting-keys has not"
                        thumbindex-settings-test--schema-file key)
                problems))))
    (dolist (variable variables)
      (unless (memq variable wanted)
        (push (format "the defcustom %s is in the group thumbindex-server-settings, but %s has no such setting"
                      variable thumbindex-settings-test--schema-file)
              problems)))
    (dolist (key thumbindex--setting-keys)
      (unless (member key keys)
        (push (format "thumbindex--setting-keys has %s, which %s has not"
                      key thumbindex-settings-test--schema-file)
              problems)))
    (thumbindex-settings-test--check (nreverse problems))))

(ert-deftest thumbindex-settings-test-defaults ()
  "A variable's default is nil (the server's) or the schema's default."
  (let ((problems nil))
    (pcase-dolist (`(,key . ,schema) (thumbindex-settings-test--schema))
      (let* ((variable (thumbindex--setting-variable key))
             (standard (and (get variable 'standard-value)
                            (eval (car (get variable 'standard-value)) t)))
             (default (thumbindex-settings-test--default schema)))
        (cond ((null standard))
              ((not (car default))
               (push (format "%s: the default of %s is %S, but the schema's is %S (use nil)"
                             key variable standard (cdr default))
                     problems))
              ((not (equal standard (cdr default)))
               (push (format "%s: the default of %s is %S, the schema's %S"
                             key variable standard (cdr default))
                     problems)))))
    (thumbindex-settings-test--check (nreverse problems))))

(defun thumbindex-settings-test--sample (schema)
  "A value the SCHEMA of a setting allows, not its default, as Elisp has it."
  (let ((types (thumbindex-settings-test--field schema "type"))
        (choices (remq nil (thumbindex-settings-test--field schema "enum"))))
    (setq types (if (listp types) types (list types)))
    (cond (choices (car (last choices)))
          ((member "string" types) "sample")
          ((member "integer" types) 7)
          ((member "boolean" types)
           (if (equal (thumbindex-settings-test--default schema) '(t . t)) :json-false t))
          ((member "array" types) '("Localizable.strings"))
          (t (error "No sample for %S" schema)))))

(ert-deftest thumbindex-settings-test-sent-nested ()
  "Each setting set alone is sent alone, nested under its key, as JSON."
  (let* ((settings (thumbindex-settings-test--schema))
         (variables (mapcar (lambda (setting) (thumbindex--setting-variable (car setting)))
                            settings))
         (problems nil))
    (pcase-dolist (`(,key . ,schema) settings)
      (let* ((variable (thumbindex--setting-variable key))
             (value (thumbindex-settings-test--sample schema))
             (sent (cl-progv (cons 'thumbindex-settings variables)
                       (make-list (1+ (length variables)) nil)
                     (set variable value)
                     (json-parse-string
                      (json-serialize (thumbindex--settings) :false-object :json-false :null-object nil)
                      :object-type 'alist :array-type 'list :false-object :json-false)))
             (expected (list (cons 'thumbindex
                                   (cl-reduce (lambda (part inner) (list (cons (intern part) inner)))
                                              (split-string key "\\.")
                                              :from-end t :initial-value value)))))
        (unless (widget-apply (widget-convert (get variable 'custom-type)) :match value)
          (push (format "%s: %S is allowed by the schema, but not by the :type of %s"
                        key value variable)
                problems))
        (unless (equal sent expected)
          (push (format "%s: %s set to %S sends %S, not %S" key variable value sent expected)
                problems))))
    (thumbindex-settings-test--check (nreverse problems))))

(define-derived-mode thumbindex-settings-test-csv-mode text-mode "CSV"
  "A stand-in for csv-mode, which may not be installed.")

(ert-deftest thumbindex-settings-test-csv-column ()
  "`thumbindex-csv-column' reaches the server: it names the rows of a CSV file."
  (unwind-protect
      (let ((thumbindex-modes (cons '(thumbindex-settings-test-csv-mode . "csv") thumbindex-modes))
            (thumbindex-csv-column "city"))
        (thumbindex-register)
        (thumbindex-test--with-fixture "people.csv" #'thumbindex-settings-test-csv-mode
          (let ((index (funcall imenu-create-index-function)))
            (should (equal (mapcar #'car index) '("B" "Z" "Å" "Ö")))
            (should (equal (mapcar #'car (cdr (assoc "Å" index))) '("Åmål")))
            (should-not (assoc "A" index)))))
    (thumbindex-register)))

(provide 'thumbindex-settings-test)
;;; thumbindex-settings-test.el ends here
