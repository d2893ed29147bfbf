import CLibZip

extension XLSXError {
    /// The one place a libzip error code becomes an `XLSXError`.
    ///
    /// - Parameters:
    ///   - code: a `ZIP_ER_*` value.
    ///   - entry: the zip entry being read, if any.
    ///   - startsLikeZip: whether the file begins with a local-header signature (`PK\3\4`), used to
    ///     tell a truncated zip from something that is not a zip at all.
    ///   - looksLikeCompoundFile: whether the file begins with the OLE2 signature used by `.xls`
    ///     and by password-protected `.xlsx` files.
    ///   - reason: libzip's words for the whole error, with zlib's or the system's detail.
    static func libzip(
        _ code: Int32, entry: String? = nil,
        startsLikeZip: Bool = false, looksLikeCompoundFile: Bool = false, reason: String? = nil
    ) -> XLSXError {
        let reason = reason ?? libzipDescription(code)
        let subject = entry.map { "zip entry \(shown($0))" } ?? "the zip file"
        switch code {
        case ZIP_ER_NOZIP where startsLikeZip:
            return XLSXError(.truncatedZip,
                "the file is damaged or truncated: it starts like a zip but has no central directory",
                part: entry)
        case ZIP_ER_NOZIP where looksLikeCompoundFile:
            return XLSXError(.notAZip,
                "not an xlsx (zip) file: it looks like a legacy .xls or a password-protected workbook",
                part: entry)
        case ZIP_ER_NOZIP:
            return XLSXError(.notAZip, "not an xlsx (zip) file", part: entry)
        case ZIP_ER_NOENT:
            if let entry {
                return XLSXError(.missingPart, "the workbook has no part \(shown(entry))", part: entry)
            }
            return XLSXError(.fileNotFound, "no such file")
        case ZIP_ER_OPEN, ZIP_ER_READ, ZIP_ER_SEEK, ZIP_ER_TELL:
            return XLSXError(.fileUnreadable, "cannot read \(subject): \(reason)", part: entry)
        case ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD, ZIP_ER_ENCRNOTSUPP:
            return XLSXError(.encryptedEntry, "\(subject) is encrypted: \(reason)", part: entry)
        case ZIP_ER_COMPNOTSUPP:
            return XLSXError(.unsupportedCompression,
                "\(subject) uses a compression method this reader does not support", part: entry)
        case ZIP_ER_ZLIB, ZIP_ER_COMPRESSED_DATA:
            return XLSXError(.corruptZip,
                "\(subject) cannot be inflated: its compressed data is damaged (\(reason))", part: entry)
        case ZIP_ER_CRC:
            return XLSXError(.corruptZip,
                "\(subject) is damaged: its inflated bytes do not match the checksum the zip records (\(reason))",
                part: entry)
        case ZIP_ER_EOF:
            return XLSXError(.truncatedZip, "\(subject) is truncated: \(reason)", part: entry)
        default:
            return XLSXError(.corruptZip, "\(subject) is damaged: \(reason)", part: entry)
        }
    }

    /// `libzip(_:entry:…)` for a libzip error structure, keeping its detail (zlib's message for a
    /// damaged deflate stream, the system's for a failed read).
    static func libzip(_ error: UnsafeMutablePointer<zip_error_t>, entry: String) -> XLSXError {
        libzip(zip_error_code_zip(error), entry: entry, reason: String(cString: zip_error_strerror(error)))
    }

    /// libzip's own wording for a `ZIP_ER_*` code ("CRC error", "Not a zip archive").
    private static func libzipDescription(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }

    /// A libzip error while writing `destination`.
    package static func libzip(_ code: Int32, writing destination: String, entry: String? = nil) -> XLSXError {
        let subject = entry.map { "entry \($0) of \(destination)" } ?? destination
        return XLSXError(.writeFailed, "cannot write \(subject): \(libzipDescription(code))", part: entry)
    }

    /// "1 GiB", "512 KiB", "1234 bytes": sizes in limit messages.
    static func byteCount(_ bytes: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded()
                ? "\(Int64(rounded)) \(unit)" : "\(rounded) \(unit)"
        }
        return "\(bytes) bytes"
    }
}
