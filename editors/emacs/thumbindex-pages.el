;;; thumbindex-pages.el --- Where things are in an outline, and which pages it needs -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; The layout of a `thumbindex-outline' buffer, from a thumbindex/sections
;; answer, as the Neovim plugin's layout.lua and pager.lua have it: the
;; buffer has all its lines from the start, a placeholder for each entry,
;; and the entries come in pages (thumbindex/entries with an offset and a
;; limit), those in view first.
;;
;; Rows are 0-based and start on the buffer's second line (the first says
;; what the outline is of).  Section I (0-based) has its header on row
;; OFFSET + I, where OFFSET is the sectioned offset of its first entry,
;; and its entries on the rows after it: the entry at offset O of
;; section I is on row O + I + 1.  Nothing here knows of windows or of
;; the server; thumbindex-outline.el does.

;;; Code:

(require 'cl-lib)
(require 'seq)

(cl-defstruct (thumbindex--layout (:constructor thumbindex--layout-create)
                                  (:copier nil))
  "The sections of an outline, its entries so far and the state of its pages."
  version total locale
  (titles [] :documentation "The section titles, a vector.")
  (offsets [] :documentation "The sectioned offset of each section's first entry.")
  (counts [] :documentation "The number of entries of each section.")
  (entries [] :documentation "A vector of TOTAL entries, nil until their page came.")
  (page-size 1000)
  (pages (make-hash-table) :documentation "Page number -> `pending' or `loaded'.")
  (in-flight 0 :documentation "How many page requests have no answer yet.")
  (log nil :documentation "What happened to pages, the last first: (EVENT . PAGE)."))

(defun thumbindex--layout-new (sections page-size)
  "The layout of a thumbindex/sections answer SECTIONS, with no entries yet.
Its pages have PAGE-SIZE entries."
  (let ((list (append (plist-get sections :sections) nil))
        (total (plist-get sections :totalCount)))
    (thumbindex--layout-create
     :version (plist-get sections :version)
     :total total
     :locale (plist-get sections :locale)
     :titles (vconcat (mapcar (lambda (section) (plist-get section :title)) list))
     :offsets (vconcat (mapcar (lambda (section) (plist-get section :offset)) list))
     :counts (vconcat (mapcar (lambda (section) (plist-get section :count)) list))
     :entries (make-vector total nil)
     :page-size (max 1 page-size))))

(defun thumbindex--layout-rows (layout)
  "How many rows LAYOUT has: a header per section and a row per entry."
  (+ (thumbindex--layout-total layout) (length (thumbindex--layout-offsets layout))))

(defun thumbindex--layout-last-at-most (vector value key)
  "The last index I of the sorted VECTOR whose (KEY I) is at most VALUE, or 0."
  (let ((low 0) (high (1- (length vector))))
    (while (< low high)
      (let ((middle (/ (+ low high 1) 2)))
        (if (<= (funcall key middle) value)
            (setq low middle)
          (setq high (1- middle)))))
    (max low 0)))

(defun thumbindex--layout-section-of-offset (layout offset)
  "The section (0-based) that holds the entry at OFFSET."
  (let ((offsets (thumbindex--layout-offsets layout)))
    (thumbindex--layout-last-at-most offsets offset (lambda (i) (aref offsets i)))))

(defun thumbindex--layout-row-of-offset (layout offset)
  "The row of the entry at OFFSET."
  (+ offset (thumbindex--layout-section-of-offset layout offset) 1))

(defun thumbindex--layout-header-row (layout section)
  "The row of the header of SECTION (0-based)."
  (+ (aref (thumbindex--layout-offsets layout) section) section))

(defun thumbindex--layout-at-row (layout row)
  "What is on ROW: (SECTION . OFFSET), OFFSET nil on the header of SECTION."
  (let* ((offsets (thumbindex--layout-offsets layout))
         (section (thumbindex--layout-last-at-most
                   offsets row (lambda (i) (+ (aref offsets i) i)))))
    (if (= row (thumbindex--layout-header-row layout section))
        (cons section nil)
      (cons section (min (- row section 1) (1- (thumbindex--layout-total layout)))))))

(defun thumbindex--layout-page-count (layout)
  "How many pages LAYOUT's entries make."
  (let ((size (thumbindex--layout-page-size layout)))
    (/ (+ (thumbindex--layout-total layout) size -1) size)))

(defun thumbindex--layout-page-of (layout offset)
  "The page of the entry at OFFSET."
  (/ offset (thumbindex--layout-page-size layout)))

(defun thumbindex--layout-offsets-in-rows (layout first last)
  "The entry offsets (FIRST-OFFSET . LAST-OFFSET) shown on rows FIRST to LAST.
Rows out of the layout are brought into it; a header stands for the
entry after it."
  (let* ((rows (thumbindex--layout-rows layout))
         (first (max 0 (min first (1- rows))))
         (last (max first (min last (1- rows))))
         (start (thumbindex--layout-at-row layout first))
         (end (thumbindex--layout-at-row layout last)))
    (cons (min (or (cdr start) (aref (thumbindex--layout-offsets layout) (car start)))
               (1- (thumbindex--layout-total layout)))
          (max 0 (or (cdr end) (1- (aref (thumbindex--layout-offsets layout) (car end))))))))

(defun thumbindex--layout-pages-in-view (layout views preload)
  "The pages LAYOUT needs to show VIEWS, each (FIRST-ROW . LAST-ROW).
The pages in view first, in the order of VIEWS, then the next PRELOAD
pages after each view; each page once."
  (when (> (thumbindex--layout-total layout) 0)
    (let (shown ahead)
      (pcase-dolist (`(,first . ,last) views)
        (pcase-let* ((`(,start . ,end) (thumbindex--layout-offsets-in-rows layout first last))
                     (first-page (thumbindex--layout-page-of layout start))
                     (last-page (thumbindex--layout-page-of layout (max start end))))
          (cl-loop for page from first-page to last-page do (push page shown))
          (cl-loop for page from (1+ last-page)
                   to (min (+ last-page preload)
                           (1- (thumbindex--layout-page-count layout)))
                   do (push page ahead))))
      (seq-uniq (nconc (nreverse shown) (nreverse ahead))))))

(defun thumbindex--layout-note (layout event page)
  "Put EVENT of PAGE in LAYOUT's log.
EVENT is `request', `applied', `dropped', `stale' or `error'."
  (push (cons event page) (thumbindex--layout-log layout)))

(defun thumbindex--layout-requested (layout)
  "The pages LAYOUT has asked the server for, in order, each once."
  (seq-uniq (mapcar #'cdr (seq-filter (lambda (note) (eq (car note) 'request))
                                      (reverse (thumbindex--layout-log layout))))))

(provide 'thumbindex-pages)
;;; thumbindex-pages.el ends here
