mod support;
mod vulkan_runner;
