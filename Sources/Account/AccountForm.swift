/// The sign-up, log-in and new-password forms' rules (`000_*` §2, business rules §12), for the
/// app to check before it calls Supabase Auth, which does the signing in itself.
///
/// Each check gives the seed's message for the first rule a field breaks, or nil when the field
/// is fine, so the app can show it under the field as the user types.
public enum AccountForm {
    /// The fewest characters of a password: Supabase Auth's default, and `000_*`'s rule.
    public static let minimumPasswordLength = 6

    /// An email has an "@" with something before it, and a "." somewhere after it with
    /// something on both sides (`sam@example.com`).
    public static func emailProblem(_ email: String) -> String? {
        let text = email.trimmingWhitespace
        guard let at = text.firstIndex(of: "@"), at > text.startIndex else {
            return "Please enter a valid email address"
        }
        let domain = text[text.index(after: at)...]
        guard !domain.contains("@"), !text.contains(where: \.isWhitespace),
            let dot = domain.lastIndex(of: "."), dot > domain.startIndex, domain.index(after: dot) < domain.endIndex
        else { return "Please enter a valid email address" }
        return nil
    }

    /// A password has at least `minimumPasswordLength` characters.
    public static func passwordProblem(_ password: String) -> String? {
        password.count >= minimumPasswordLength
            ? nil : "Password must be at least \(minimumPasswordLength) characters"
    }

    /// The confirmation repeats the password exactly.
    public static func confirmationProblem(password: String, confirmation: String) -> String? {
        password == confirmation ? nil : "Passwords do not match"
    }

    /// Every problem of a sign-up form, by field (`email`, `password`, `confirmPassword`), in
    /// the form's order; empty when the form can be sent.
    public static func signUpProblems(
        email: String, password: String, confirmation: String
    ) -> [(field: String, message: String)] {
        var problems: [(field: String, message: String)] = []
        if let message = emailProblem(email) { problems.append(("email", message)) }
        if let message = passwordProblem(password) { problems.append(("password", message)) }
        if let message = confirmationProblem(password: password, confirmation: confirmation) {
            problems.append(("confirmPassword", message))
        }
        return problems
    }

    /// "Member since November 2026": the account's creation month, in English month names.
    public static func memberSince(year: Int, month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        guard (1...12).contains(month) else { return "Member since \(year)" }
        return "Member since \(names[month - 1]) \(year)"
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
