//! Reading `index.html` for the single-file build ([`crate::single`]): a start tag's attributes.

/// The attributes of a start tag (`<link rel="icon" href=x>`, or just its
/// attribute text): lower-case names, values quoted with `"` or `'` or bare
/// (entities are not decoded; our pages have none). A name without a value
/// is left out.
pub fn attributes(tag: &str) -> Vec<(String, String)> {
    let mut rest = tag.trim().trim_start_matches('<').trim_end_matches('>').trim_end_matches('/');
    if tag.trim_start().starts_with('<') {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric());
    }
    let mut out = Vec::new();
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim().rsplit(char::is_whitespace).next().unwrap_or("").to_ascii_lowercase();
        let value = rest[eq + 1..].trim_start();
        let (text, after) = match value.chars().next() {
            Some(q @ ('"' | '\'')) => match value[1..].find(q) {
                Some(len) => (&value[1..=len], &value[len + 2..]),
                None => (&value[1..], ""),
            },
            _ => {
                let len = value.find(char::is_whitespace).unwrap_or(value.len());
                (&value[..len], &value[len..])
            }
        };
        out.push((name, text.to_owned()));
        rest = after;
    }
    out
}

/// The value of attribute `name` among `attrs` (from [`attributes`]).
pub fn attr<'a>(attrs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_attributes_quoted_or_bare() {
        let a = attributes(r#"<link rel="modulepreload" HREF='js/app.js' crossorigin as=fetch>"#);
        assert_eq!(
            a,
            [("rel", "modulepreload"), ("href", "js/app.js"), ("as", "fetch")]
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
        assert_eq!(attr(&a, "href"), Some("js/app.js"));
        assert_eq!(attr(&a, "src"), None);
        let b = attributes(r#" type="module" src="js/main.js""#);
        assert_eq!(attr(&b, "src"), Some("js/main.js"));
        assert_eq!(attr(&attributes(r#"<meta content="a=b; c" name=x/>"#), "content"), Some("a=b; c"));
    }
}
