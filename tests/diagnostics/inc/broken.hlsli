// Included by in_include_and_macro.slang: the error must point here, not at the #include.
float Halve(float x)
{
    return x / undefinedScale;
}
