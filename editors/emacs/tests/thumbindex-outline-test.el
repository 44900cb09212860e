;;; thumbindex-outline-test.el --- The outline pages on demand -*- lexical-binding: t; -*-

;;; Commentary:

;; The outline buffer has a line per entry at once and fetches the pages of
;; entries it shows, those in view first, without waiting for more than one:
;; the layout arithmetic of thumbindex-pages.el, pages put in place in any
;; order, and a 100,000-entry document whose outline shows its first entries
;; after two pages.  Loaded by thumbindex-test.el; alone, from the
;; repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-outline-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures
(require 'thumbindex-outline)

(defun thumbindex-outline-test--sections (&rest sections)
  "A thumbindex/sections answer of SECTIONS, each (TITLE COUNT)."
  (let ((offset 0) list)
    (pcase-dolist (`(,title ,count) sections)
      (push (list :title title :offset offset :count count) list)
      (setq offset (+ offset count)))
    (list :version 3 :totalCount offset :locale "sv-SE" :sections (vconcat (nreverse list)))))

(ert-deftest thumbindex-outline-test-layout ()
  "Rows, offsets and the pages in view, as Neovim's layout.lua has them."
  ;; Rows: 0 A, 1-3 entries 0-2, 4 B, 5-6 entries 3-4, 7 C, 8-11 entries 5-8.
  (let ((layout (thumbindex--layout-new
                 (thumbindex-outline-test--sections '("A" 3) '("B" 2) '("C" 4)) 2)))
    (should (= (thumbindex--layout-rows layout) 12))
    (should (= (thumbindex--layout-page-count layout) 5))
    (should (equal (mapcar (lambda (row) (thumbindex--layout-at-row layout row)) (number-sequence 0 11))
                   '((0) (0 . 0) (0 . 1) (0 . 2) (1) (1 . 3) (1 . 4) (2) (2 . 5) (2 . 6) (2 . 7) (2 . 8))))
    (should (equal (mapcar (lambda (offset) (thumbindex--layout-row-of-offset layout offset))
                           (number-sequence 0 8))
                   '(1 2 3 5 6 8 9 10 11)))
    (should (= (thumbindex--layout-header-row layout 2) 7))
    (should (equal (thumbindex--layout-offsets-in-rows layout 4 7) '(3 . 4)))
    (should (equal (thumbindex--layout-offsets-in-rows layout -5 100) '(0 . 8)))
    ;; In view first, then one page ahead of each view; each page once.
    (should (equal (thumbindex--layout-pages-in-view layout '((4 . 7)) 1) '(1 2 3)))
    (should (equal (thumbindex--layout-pages-in-view layout '((8 . 11) (0 . 2)) 1) '(2 3 4 0 1)))
    (should (equal (thumbindex--layout-pages-in-view layout '((10 . 11)) 3) '(3 4)))))

(ert-deftest thumbindex-outline-test-pages-in-any-order ()
  "Pages put in place in any order make the outline text, each line once."
  (let* ((layout (thumbindex--layout-new
                  (thumbindex-outline-test--sections '("A" 3) '("B" 2) '("C" 4)) 2))
         (names ["Anna" "Axel" "Åke" "Bo" "Britt" "Cilla" "Curt" "Cyd" "Cæsar"])
         (source (get-buffer-create " *thumbindex-outline-test source*")))
    (with-temp-buffer
      (thumbindex--outline-insert layout source)
      (should (equal (buffer-string)
                     (concat " *thumbindex-outline-test source*, 9 entries, locale sv-SE\n"
                             "A\n  …\n  …\n  …\nB\n  …\n  …\nC\n  …\n  …\n  …\n  …\n")))
      (goto-char (point-min))
      (forward-line 9)                  ; on Curt's line, which stays point's
      (dolist (page '(4 1 3 0 2))
        (let ((offset (* 2 page)))
          (thumbindex--outline-apply
           layout page (cl-loop for i from offset below (min 9 (+ offset 2))
                                collect (list :name (aref names i))))))
      (should (= (line-number-at-pos) 10))
      (should (equal (buffer-string)
                     (concat " *thumbindex-outline-test source*, 9 entries, locale sv-SE\n"
                             "A\n  Anna\n  Axel\n  Åke\nB\n  Bo\n  Britt\n"
                             "C\n  Cilla\n  Curt\n  Cyd\n  Cæsar\n")))
      (should (equal (mapcar (lambda (entry) (plist-get entry :name))
                             (thumbindex--layout-entries layout))
                     (append names nil))))
    (kill-buffer source)))

(defconst thumbindex-outline-test--letters "ABCDEFGHIJKLMNOPRSTUVWÅÄÖ"
  "The first letters of the generated names: 25 sections under sv_SE.")

(defun thumbindex-outline-test--name (i)
  "The Ith generated name: a letter, a syllable and a number."
  (format "%c%s %06d"
          (aref thumbindex-outline-test--letters (% (* i 7) (length thumbindex-outline-test--letters)))
          (aref ["ar" "el" "is" "on" "ul"] (% i 5)) i))

(defvar thumbindex-outline-test--sent nil
  "The thumbindex/entries requests sent, the last first: their offsets.")

(defun thumbindex-outline-test--record (_connection &rest args)
  "Note the offset of a thumbindex/entries request ARGS (`jsonrpc-connection-send')."
  (when (eq (plist-get args :method) :thumbindex/entries)
    (push (plist-get (plist-get args :params) :offset) thumbindex-outline-test--sent)))

(defun thumbindex-outline-test--pages ()
  "The pages asked for so far, in order, each once."
  (seq-uniq (mapcar (lambda (offset) (/ offset thumbindex-page-size))
                    (reverse thumbindex-outline-test--sent))))

(defun thumbindex-outline-test--settled (outline)
  "Wait until OUTLINE has no page request without an answer."
  (thumbindex-test--wait
   (lambda () (zerop (thumbindex--layout-in-flight (buffer-local-value 'thumbindex--layout outline))))
   "the pages in flight to come"))

(defun thumbindex-outline-test--line-text ()
  "The text of point's line."
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(ert-deftest thumbindex-outline-test-100k-entries ()
  "A 100,000-entry outline shows its first entries after fetching the pages it shows.
Before, the whole outline was fetched (100 pages, each waited for) before
anything was shown."
  (let ((file (thumbindex-test--write
               (mapcar #'thumbindex-outline-test--name (number-sequence 0 99999))))
        (thumbindex-page-size 1000)
        (thumbindex-outline-preload 1)
        (thumbindex-outline-update-delay 0.1)
        (thumbindex-outline-test--sent nil))
    (advice-add 'jsonrpc-connection-send :before #'thumbindex-outline-test--record)
    (unwind-protect
        (thumbindex-test--with-file file #'text-mode
          (let* ((source (current-buffer))
                 (outline (thumbindex-outline)))
            (unwind-protect
                (with-current-buffer outline
                  ;; Every line at once; the first entries in place.
                  (should (string-match-p "\\`names.txt, 100000 entries, locale sv-SE\n"
                                          (buffer-string)))
                  (should (= (count-lines (point-min) (point-max)) (+ 1 25 100000)))
                  (should (equal (thumbindex-outline-test--line-text) "A"))
                  (forward-line 1)
                  (should (equal (thumbindex-outline-test--line-text) "  Aar 000000"))
                  (thumbindex-outline-test--settled outline)
                  ;; The page in view, waited for, and the one after it; not the 98 others.
                  (should (equal (thumbindex-outline-test--pages) '(0 1)))
                  (should (= (length thumbindex-outline-test--sent) 2))
                  (save-excursion
                    (goto-char (point-max))
                    (forward-line -1)
                    (should (equal (thumbindex-outline-test--line-text) "  …")))
                  ;; To the last section: the pages around it, where redisplay centres it, and
                  ;; no other, once asked for (what the post-command-hook does after the command).
                  (thumbindex-outline-jump "Ö")
                  (should (equal (thumbindex-outline-test--line-text) "Ö"))
                  (thumbindex--outline-want)
                  (thumbindex-outline-test--settled outline)
                  (should (equal (thumbindex-outline-test--pages) '(0 1 95 96 97)))
                  (forward-line 1)
                  (should (equal (thumbindex-outline-test--line-text) "  Öis 000007"))
                  ;; RET on an entry whose page has not come waits for that page only.
                  (goto-char (point-min))
                  (forward-line 50000)
                  (should (equal (thumbindex-outline-test--line-text) "  …"))
                  (thumbindex-outline-visit)
                  (should (eq (current-buffer) source))
                  (let ((name (buffer-substring-no-properties (point) (line-end-position))))
                    (with-current-buffer outline
                      (should (equal (thumbindex-outline-test--line-text) (concat "  " name)))))
                  (should (equal (thumbindex-outline-test--pages) '(0 1 95 96 97 49)))
                  ;; An edit: the outline is made again, and again only its pages in view come.
                  (setq thumbindex-outline-test--sent nil)
                  (goto-char (point-max))
                  (insert "Öjvind\n")
                  (thumbindex-test--wait
                   (lambda () (with-current-buffer outline
                                (save-excursion (goto-char (point-min))
                                                (looking-at ".*100001 entries"))))
                   "the outline to be made again")
                  (thumbindex-outline-test--settled outline)
                  (should (<= (length (thumbindex-outline-test--pages)) 3)))
              (kill-buffer outline))))
      (advice-remove 'jsonrpc-connection-send #'thumbindex-outline-test--record))))

(provide 'thumbindex-outline-test)
;;; thumbindex-outline-test.el ends here
