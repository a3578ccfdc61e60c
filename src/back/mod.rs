pub mod hlsl {
    use crate::diag::Diagnostic;
    use crate::ir::Module;
    pub struct Options {
        pub shader_model: (u32, u32),
    }
    pub fn write_string(_m: &Module, _e: usize, _o: &Options) -> Result<String, Vec<Diagnostic>> {
        Ok(String::new())
    }
}
