/* tools_fs.h -- the file-system helpers the tools share: `mkdir -p` for an output directory and
 * joining a directory and a file name.  Used by hzgsvd (tools/cli), hzgsvd_mkpair, hzgsvd_check and
 * hzgsvd_ref (tools/verify); each tool words its own error messages from what these return.
 *
 * Header-only, static inline (a tool uses only some of it and -Wall -Wextra stays quiet); C99 +
 * POSIX: define _POSIX_C_SOURCE (200809L) before the first system header, as the tools do. */
#ifndef HZGSVD_TOOLS_FS_H
#define HZGSVD_TOOLS_FS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

/* What tools_mkdir_p returns; errno says why wherever it is not TOOLS_FS_OK. */
enum {
    TOOLS_FS_OK = 0,
    TOOLS_FS_NO_MEMORY = -1,    /* the copy of the path could not be allocated */
    TOOLS_FS_MKDIR_FAILED = -2, /* mkdir of one prefix of the path failed (not with EEXIST) */
    TOOLS_FS_NOT_A_DIR = -3     /* the path exists but is no directory (ENOTDIR), or stat failed */
};

/* mkdir -p: creates dir and any missing parents (mode 0777 less the umask), trailing slashes
 * ignored, then checks that dir is a directory.  failed (may be NULL; failed_len bytes) gets the
 * path the failure concerns: the prefix whose mkdir failed, or dir without its trailing slashes. */
static inline int tools_mkdir_p(const char *dir, char *failed, size_t failed_len)
{
    size_t len = strlen(dir);
    char *path = (char *)malloc(len + 1);
    if (path == NULL) return TOOLS_FS_NO_MEMORY;
    memcpy(path, dir, len + 1);
    while (len > 1 && path[len - 1] == '/') path[--len] = '\0';
    int rc = TOOLS_FS_OK;
    /* every prefix that ends before a '/' and then the whole path; "" fails in mkdir (ENOENT) */
    for (char *p = (len > 0) ? path + 1 : path;; ++p) {
        if (*p == '/' || *p == '\0') {
            const char saved = *p;
            *p = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                rc = TOOLS_FS_MKDIR_FAILED;
                if (failed != NULL) snprintf(failed, failed_len, "%s", path);
                *p = saved;
                break;
            }
            *p = saved;
            if (saved == '\0') break;
        }
    }
    if (rc == TOOLS_FS_OK) {
        struct stat sb;
        if (stat(path, &sb) != 0) rc = TOOLS_FS_NOT_A_DIR;
        else if (!S_ISDIR(sb.st_mode)) { errno = ENOTDIR; rc = TOOLS_FS_NOT_A_DIR; }
        if (rc != TOOLS_FS_OK && failed != NULL) snprintf(failed, failed_len, "%s", path);
    }
    const int saved_errno = errno;
    free(path);
    errno = saved_errno;
    return rc;
}

/* dir + "/" + name, malloc'ed (NULL on no memory); no second '/' where dir already ends in one. */
static inline char *tools_join_path(const char *dir, const char *name)
{
    const size_t a = strlen(dir), b = strlen(name);
    char *s = (char *)malloc(a + b + 2);
    if (s == NULL) return NULL;
    memcpy(s, dir, a);
    size_t k = a;
    if (a > 0 && dir[a - 1] != '/') s[k++] = '/';
    memcpy(s + k, name, b + 1);
    return s;
}

#endif /* HZGSVD_TOOLS_FS_H */
