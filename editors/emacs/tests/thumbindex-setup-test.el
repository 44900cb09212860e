;;; thumbindex-setup-test.el --- Loading changes nothing; Eglot's internals in one place -*- lexical-binding: t; -*-

;;; Commentary:

;; Loading thumbindex.el (and the files it loads) leaves `auto-mode-alist',
;; Eglot's hooks and server programs and imenu's advice as they were, until
;; `thumbindex-mode' is turned on; turning it off takes back all it did.
;; That is checked in a child Emacs, where nothing has loaded thumbindex
;; yet.  And the Eglot internals thumbindex uses are reached only through
;; thumbindex-eglot.el, which says clearly which one is missing.  Loaded by
;; thumbindex-test.el; alone, from the repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-setup-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures

(defconst thumbindex-setup-test--child
  '(progn
     (require 'eglot)
     (require 'imenu)
     (defun thumbindex-setup-test--state ()
       "What thumbindex may change, by name."
       (list (cons 'auto-mode-alist (copy-sequence auto-mode-alist))
             (cons 'eglot-managed-mode-hook (copy-sequence (default-value 'eglot-managed-mode-hook)))
             (cons 'eglot-server-programs (copy-tree eglot-server-programs))
             (cons 'imenu-choose-buffer-index
                   (let (advice)
                     (advice-mapc (lambda (function _) (push function advice))
                                  'imenu-choose-buffer-index)
                     advice))))
     (defun thumbindex-setup-test--changed (before)
       "The names of what differs from BEFORE."
       (cl-loop for (name . value) in (thumbindex-setup-test--state)
                unless (equal value (cdr (assq name before))) collect name))
     (let ((before (thumbindex-setup-test--state)) stages)
       (require 'thumbindex)
       (require 'thumbindex-outline)
       (require 'thumbindex-workspace)
       (require 'thumbindex-formats)
       (require 'thumbindex-eglot nil t)
       (push (cons 'loaded (thumbindex-setup-test--changed before)) stages)
       (thumbindex-mode 1)
       (push (cons 'on (thumbindex-setup-test--changed before)) stages)
       (push (cons 'text-mode (nth 2 (eglot--lookup-mode 'text-mode))) stages)
       (push (cons 'vcf (assoc-default "a.vcf" auto-mode-alist #'string-match)) stages)
       (thumbindex-mode -1)
       (push (cons 'off (thumbindex-setup-test--changed before)) stages)
       (thumbindex-mode 1)
       (push (cons 'on-again (thumbindex-setup-test--changed before)) stages)
       (unload-feature 'thumbindex t)
       (push (cons 'unloaded (thumbindex-setup-test--changed before)) stages)
       (princ (format "%S\n" (nreverse stages)))))
  "What the child Emacs does: what changed after each step, printed.")

(defun thumbindex-setup-test--run-child ()
  "Run `thumbindex-setup-test--child' in a new batch Emacs; what it printed, read."
  (let ((stderr (make-temp-file "thumbindex-setup-test")))
    (with-temp-buffer
      (let ((status (call-process (expand-file-name invocation-name invocation-directory)
                                  nil (list t stderr) nil "--batch"
                                  "-L" (expand-file-name "editors/emacs" thumbindex-test--root)
                                  "--eval" (prin1-to-string thumbindex-setup-test--child))))
        (unless (eql status 0)
          (ert-fail (format "the child Emacs failed (%s):\n%s%s" status (buffer-string)
                            (with-temp-buffer (insert-file-contents stderr) (buffer-string)))))
        (goto-char (point-min))
        (read (current-buffer))))))

(ert-deftest thumbindex-setup-test-loading-changes-nothing ()
  "Loading the files changes nothing; `thumbindex-mode' does, and takes it back."
  (let ((stages (thumbindex-setup-test--run-child)))
    (should (equal (cdr (assq 'loaded stages)) nil))
    (should (equal (cdr (assq 'on stages))
                   '(auto-mode-alist eglot-managed-mode-hook eglot-server-programs
                                     imenu-choose-buffer-index)))
    (should (eq (cdr (assq 'text-mode stages)) 'thumbindex--contact))
    (should (eq (cdr (assq 'vcf stages)) 'thumbindex-vcard-mode))
    (should (equal (cdr (assq 'off stages)) nil))
    (should (equal (cdr (assq 'on-again stages)) (cdr (assq 'on stages))))
    (should (equal (cdr (assq 'unloaded stages)) nil))))

(ert-deftest thumbindex-setup-test-mode-in-managed-buffers ()
  "Turning `thumbindex-mode' off gives a managed buffer its own imenu back; on again, ours."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (unwind-protect
        (progn
          (should (equal (car (funcall imenu-create-index-function)) (car (thumbindex-imenu))))
          (should (null imenu-space-replacement))
          (thumbindex-mode -1)
          (should-not (eglot--lookup-mode 'thumbindex-vcard-mode))
          (should (equal imenu-space-replacement "."))
          (should-not (advice-function-member-p #'thumbindex-imenu imenu-create-index-function)))
      (thumbindex-mode 1))
    (should (null imenu-space-replacement))
    (should (advice-function-member-p #'thumbindex-imenu imenu-create-index-function))))

(ert-deftest thumbindex-setup-test-eglot-internals ()
  "Every Eglot internal thumbindex uses is there; a missing one is named clearly."
  (should (equal (thumbindex-eglot-check) nil))
  (let ((thumbindex-eglot--internals
         (append '((frobnicate "frobnicate the outline" eglot--no-such-function)
                   (renamed "find the document" eglot--gone-in-this-release
                            eglot--TextDocumentIdentifier))
                 thumbindex-eglot--internals)))
    (should (equal (thumbindex-eglot-check) '(frobnicate)))
    (let ((err (should-error (thumbindex-eglot-call 'frobnicate) :type 'thumbindex-eglot-missing)))
      (should (string-match-p "has no eglot--no-such-function, which thumbindex needs to frobnicate the outline"
                              (error-message-string err))))
    ;; The first function that exists fills a role.
    (with-temp-buffer
      (setq buffer-file-name "/tmp/thumbindex-setup-test.txt")
      (should (equal (thumbindex-eglot-call 'renamed) (eglot--TextDocumentIdentifier))))
    (let ((warnings nil))
      (cl-letf (((symbol-function 'display-warning)
                 (lambda (type message &rest _) (push (cons type message) warnings))))
        (thumbindex-eglot-warn))
      (should (equal (mapcar #'car warnings) '(thumbindex)))
      (should (string-match-p "eglot--no-such-function" (cdar warnings))))))

(ert-deftest thumbindex-setup-test-internals-in-one-place ()
  "No file of the package but thumbindex-eglot.el names a private eglot-- function."
  (let ((found nil))
    (dolist (file (directory-files (expand-file-name "editors/emacs" thumbindex-test--root) t "\\.el\\'"))
      (unless (equal (file-name-nondirectory file) "thumbindex-eglot.el")
        (with-temp-buffer
          (insert-file-contents file)
          (while (re-search-forward "eglot--[[:alnum:]/-]+" nil t)
            (push (format "%s:%d: %s" (file-name-nondirectory file) (line-number-at-pos)
                          (match-string 0))
                  found)))))
    (when found
      (ert-fail (string-join (nreverse found) "\n")))))

(provide 'thumbindex-setup-test)
;;; thumbindex-setup-test.el ends here
